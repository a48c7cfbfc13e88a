/**
 * `slidebox submit`: sends a game's share code to the leaderboard server, which re-plays it and
 * ranks it, and prints where the player stands ("You are #3 on today's daily 2048.").
 */
import { resolve } from 'node:path';
import { decodeShared } from '../engine/shareCode.ts';
import { defaultDataDir } from '../storage/files.ts';
import { safeJson } from './boardText.ts';
import { parseCommand } from './command.ts';
import { HELP } from './help.ts';
import {
  clientFor,
  netLine,
  playerWithName,
  requiredServer,
  sendAskingName,
  submittedText,
  terminalAsk,
} from './online.ts';

export const SUBMIT_USAGE = HELP.submit;

const OPTIONS = {
  last: { type: 'boolean' },
  server: { type: 'string' },
  name: { type: 'string' },
  json: { type: 'boolean' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const out = (s: string) => process.stdout.write(s);
const errOut = (s: string) => process.stderr.write(s);

function usageError(message: string): number {
  errOut(`slidebox: ${message}\n\n${SUBMIT_USAGE}\n`);
  return 2;
}

/** The code in a text: the code itself, or what follows `#replay=` in a link. */
function codeIn(text: string): string {
  const t = text.trim();
  const at = t.indexOf('#replay=');
  return (at >= 0 ? t.slice(at + '#replay='.length) : t).split(/\s/)[0] ?? '';
}

/** The code of the last finished game of a kind that can rank, or why there is none. */
async function lastCode(
  dir: string,
  kind: string | undefined,
): Promise<string | { none: string; unreadable?: boolean }> {
  const { loadHistory } = await import('../storage/history.ts');
  const loaded = loadHistory(dir);
  for (const n of loaded.notices) errOut(`${n}\n`);
  // A history that cannot be read is not "no game": the cause, in its own sentence.
  if (loaded.problem) return { none: loaded.problem, unreadable: true };
  const last = loaded.history.entries.findLast(
    (e) =>
      (kind === undefined ? e.kind === '2048' || e.kind === 'puzzle' : e.kind === kind) &&
      e.evil !== true &&
      e.code !== undefined,
  );
  if (last?.code) return last.code;
  const what =
    kind === undefined ? '2048 game or puzzle' : kind === '2048' ? '2048 game' : 'puzzle';
  return { none: `no finished ${what} with a share code in ${dir}` };
}

/** Why a code cannot go on a board, before asking the server; null when it may. */
function localProblem(code: string): string | null {
  const d = decodeShared(code);
  if (!d.ok) return `cannot submit this code: ${d.error.message}`;
  const g = d.value.game;
  if (g.kind === 'versus' || g.kind === 'duel' || (g.kind === '2048' && g.evil)) {
    const what =
      g.kind === '2048' ? 'an evil 2048 game' : g.kind === 'versus' ? 'a versus match' : 'a duel';
    return `only 2048 games (with natural spawns) and puzzles go on the leaderboards; this code is ${what}`;
  }
  return null;
}

/** Runs `slidebox submit …`; resolves with the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const a = parseCommand(argv, OPTIONS);
  if (!a.ok) return usageError(a.message);
  const { values, positionals } = a;
  if (values.help) {
    out(`${SUBMIT_USAGE}\n`);
    return 0;
  }
  if (values.last) {
    if (
      positionals.length > 1 ||
      (positionals[0] !== undefined && !['2048', 'puzzle'].includes(positionals[0]))
    ) {
      return usageError(`--last takes 2048 or puzzle, not "${positionals.join(' ')}"`);
    }
  } else if (positionals.length !== 1) {
    return usageError('give one code, or --last');
  }
  const dir = resolve(values['data-dir'] ?? defaultDataDir());
  const found = values.last ? await lastCode(dir, positionals[0]) : codeIn(positionals[0]!);
  // Games that cannot be read: said first, whichever server was meant.
  if (typeof found !== 'string' && found.unreadable) {
    errOut(`slidebox: ${found.none}\n`);
    return 1;
  }
  const server = requiredServer(values.server, dir, usageError, errOut);
  if (typeof server === 'number') return server;
  if (typeof found !== 'string') {
    errOut(`slidebox: nothing to submit: ${found.none}\n`);
    return 1;
  }
  const refused = localProblem(found);
  if (refused) {
    errOut(`slidebox: ${refused}\n`);
    return 1;
  }
  const asking = {
    ask: process.stdin.isTTY ? terminalAsk() : null,
    say: (line: string) => errOut(`${line}\n`),
  };
  const player = await playerWithName(dir, { nameFlag: values.name, ...asking });
  if (!player.ok) {
    errOut(`slidebox: ${player.error.message}\n`);
    return player.error.code === 'bad-name' ? 2 : 1;
  }
  const client = clientFor(server.url, process.env);
  const r = await sendAskingName(dir, asking, player.value, (p) =>
    client.submit(found, p.name, p.key),
  );
  if (!r.ok) {
    errOut(`${netLine(r.error)}\n`);
    return 1;
  }
  if (values.json) {
    out(`${safeJson({ ...r.value.entry, created: r.value.created })}\n`);
    return 0;
  }
  out(submittedText(r.value.entry, r.value.created, found, process.env));
  return 0;
}
