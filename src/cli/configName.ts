/**
 * `slidebox config name [NAME]`: prints the player's name, or sets it — in player.json, and on
 * the leaderboard server when one is set (the entries there show the new name). The server
 * being away never loses the name: it is kept, and sent with the next submission.
 */
import { checkName, newPlayerKey } from '../net/api.ts';
import { loadConfig } from '../storage/config.ts';
import { loadPlayer, setPlayerName } from '../storage/player.ts';
import { chooseServer, clientFor, netLine } from './online.ts';

/** Where `slidebox config` writes, and the environment it reads. */
export interface ConfigIo {
  readonly out: (s: string) => void;
  readonly err: (s: string) => void;
  readonly env: NodeJS.ProcessEnv;
}

export async function nameSetting(
  dir: string,
  value: string | undefined,
  serverFlag: string | undefined,
  io: ConfigIo,
): Promise<number> {
  if (value === undefined) {
    const p = loadPlayer(dir);
    for (const n of p.notices) io.err(`${n}\n`);
    if (!p.player?.name) {
      io.err('No name is set (slidebox config name NAME sets one).\n');
      return 1;
    }
    io.out(`${p.player.name}\n`);
    return 0;
  }
  const name = checkName(value);
  if (!name.ok) {
    io.err(`slidebox: config name: ${name.error.message}\n`);
    return 2;
  }
  const config = loadConfig(dir);
  for (const n of config.notices) io.err(`${n}\n`);
  const server = chooseServer(serverFlag, io.env, config.config);
  // A bad --server is a mistake in this command; a bad address from elsewhere is only said.
  if (!server.ok && serverFlag !== undefined) {
    io.err(`slidebox: ${server.error.message}\n`);
    return 2;
  }
  const saved = setPlayerName(dir, name.value, newPlayerKey);
  if (!saved.ok) {
    io.err(`slidebox: ${saved.error.message}\n`);
    return 1;
  }
  for (const n of saved.value.notices) io.err(`${n}\n`);
  io.out(`Your name on the leaderboards: ${name.value}\n`);
  if (!server.ok) {
    io.err(`${server.error.message}: not renamed on a server.\n`);
    return 0;
  }
  if (server.value === null) return 0;
  const r = await clientFor(server.value.url, io.env).rename(saved.value.player.key, name.value);
  if (r.ok) {
    io.out(`Renamed on ${server.value.url}.\n`);
    return 0;
  }
  if (r.error.serverCode === 'no-player') {
    io.out(`It shows on ${server.value.url} from your first submitted game.\n`);
    return 0;
  }
  if (r.error.serverCode === 'name-taken') {
    io.err(`${netLine(r.error)} Choose another: slidebox config name NAME.\n`);
    return 1;
  }
  // Kept here: the next submission sends it, and the server takes it then.
  io.err(`${netLine(r.error)} The name is kept and goes with your next submission.\n`);
  return serverFlag === undefined ? 0 : 1;
}
