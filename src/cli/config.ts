/**
 * `slidebox config`: the settings kept in the data directory — the leaderboard server
 * (config.json), whether finished daily games are submitted, and the player's name
 * (player.json; renamed on the server too when one is set).
 */
import { resolve } from 'node:path';
import { type Config, configPath, loadConfig, updateConfig } from '../storage/config.ts';
import { defaultDataDir } from '../storage/files.ts';
import { parseCommand } from './command.ts';
import type { ConfigIo } from './configName.ts';
import { HELP } from './help.ts';

export const CONFIG_USAGE = HELP.config;

export type { ConfigIo } from './configName.ts';

const OPTIONS = {
  unset: { type: 'boolean' },
  server: { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function usageError(io: ConfigIo, message: string): number {
  io.err(`slidebox: ${message}\n\n${CONFIG_USAGE}\n`);
  return 2;
}

/** Runs `slidebox config …`; resolves with the exit code. */
export async function main(argv: readonly string[], io: ConfigIo = processIo()): Promise<number> {
  const a = parseCommand(argv, OPTIONS);
  if (!a.ok) return usageError(io, a.message);
  const { values, positionals } = a;
  if (values.help) {
    io.out(`${CONFIG_USAGE}\n`);
    return 0;
  }
  const dir = resolve(values['data-dir'] ?? defaultDataDir(io.env));
  const [key, value, ...more] = positionals;
  if (more.length > 0) return usageError(io, `too many words: "${positionals.join(' ')}"`);
  if (values.unset && (key !== 'server' || value !== undefined)) {
    return usageError(io, '--unset goes with slidebox config server alone');
  }
  if (values.server !== undefined && key !== 'name') {
    return usageError(io, '--server goes with slidebox config name (the server to rename on)');
  }
  if (key === undefined) return show(dir, io);
  if (key === 'server') return server(dir, value, values.unset === true, io);
  if (key === 'submit') return submitSetting(dir, value, io);
  if (key === 'name') {
    const { nameSetting } = await import('./configName.ts');
    return nameSetting(dir, value, values.server, io);
  }
  return usageError(io, `unknown setting "${key}" (try: server, name, submit)`);
}

function processIo(): ConfigIo {
  return {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
    env: process.env,
  };
}

function loaded(dir: string, io: ConfigIo): Config {
  const l = loadConfig(dir);
  for (const n of l.notices) io.err(`${n}\n`);
  return l.config;
}

function save(dir: string, io: ConfigIo, change: (c: Config) => Config): boolean {
  const r = updateConfig(dir, change);
  if (!r.ok) {
    io.err(`slidebox: ${r.error.message}\n`);
    return false;
  }
  for (const n of r.value.notices) io.err(`${n}\n`);
  return true;
}

const without = (c: Config, k: keyof Config): Config => {
  const { [k]: _gone, ...rest } = c;
  return rest;
};

async function server(dir: string, value: string | undefined, unset: boolean, io: ConfigIo) {
  if (unset) {
    if (!save(dir, io, (c) => without(c, 'server'))) return 1;
    io.out('No leaderboard server is set now.\n');
    return 0;
  }
  if (value === undefined) {
    const set = loaded(dir, io).server;
    if (set === undefined) {
      io.err('No leaderboard server is set (slidebox config server URL sets one).\n');
      return 1;
    }
    io.out(`${set}\n`);
    return 0;
  }
  const { checkServerUrl } = await import('../net/api.ts');
  const checked = checkServerUrl(value);
  if (!checked.ok) return usageError(io, `config server: ${checked.error.message}`);
  if (!save(dir, io, (c) => ({ ...c, server: checked.value }))) return 1;
  io.out(`Leaderboard server: ${checked.value} (kept in ${configPath(dir)}).\n`);
  if (io.env.SLIDEBOX_SERVER) {
    io.err(`SLIDEBOX_SERVER (${io.env.SLIDEBOX_SERVER}) is set: it comes first while it is.\n`);
  }
  return 0;
}

function submitSetting(dir: string, value: string | undefined, io: ConfigIo): number {
  if (value === undefined) {
    io.out(`${loaded(dir, io).submit ?? 'ask'}\n`);
    return 0;
  }
  if (value !== 'always' && value !== 'never' && value !== 'ask') {
    return usageError(io, `config submit takes always, never or ask, not "${value}"`);
  }
  if (!save(dir, io, (c) => (value === 'ask' ? without(c, 'submit') : { ...c, submit: value }))) {
    return 1;
  }
  const said = {
    always: 'Daily games are submitted to the leaderboard when they end.',
    never: 'Daily games are not submitted (slidebox submit --last sends one by hand).',
    ask: 'You will be asked once, when a daily game ends, whether to submit daily games.',
  }[value];
  io.out(`${said}\n`);
  return 0;
}

async function show(dir: string, io: ConfigIo): Promise<number> {
  const config = loaded(dir, io);
  const { loadPlayer } = await import('../storage/player.ts');
  const p = loadPlayer(dir);
  for (const n of p.notices) io.err(`${n}\n`);
  const env = io.env.SLIDEBOX_SERVER;
  const serverLine = env
    ? `${env} (from SLIDEBOX_SERVER)${config.server ? `; setting: ${config.server}` : ''}`
    : (config.server ?? 'none (slidebox config server URL sets one)');
  const lines = [
    `server   ${serverLine}`,
    `submit   ${config.submit ?? 'ask'} (daily games)`,
    `name     ${p.player?.name ?? 'none yet (asked for on your first submission)'}`,
    `player   ${p.player ? 'a key is kept in player.json' : 'none yet (made on your first submission)'}`,
    `data     ${dir}`,
  ];
  io.out(`${lines.join('\n')}\n`);
  return 0;
}
