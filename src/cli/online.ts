/**
 * What the terminal's leaderboard commands share: which server (the --server flag, else
 * SLIDEBOX_SERVER, else the settings file), its client, the player (key and name, asked for the
 * first time a submission needs one), submitting a code and saying where it ranks. Loaded only
 * by the commands that talk to a server, so the games start without it.
 */
import { createInterface } from 'node:readline';
import { err, ok, type Problem, problem, type Result } from '../engine/result.ts';
import { decodeShared } from '../engine/shareCode.ts';
import {
  checkName,
  checkServerUrl,
  type NetProblem,
  newPlayerKey,
  ServerClient,
  type SubmittedEntry,
} from '../net/api.ts';
import { type Config, loadConfig } from '../storage/config.ts';
import { ensurePlayer, type Player, setPlayerName } from '../storage/player.ts';
import { boardTitle, entrySummary, rankSentence, safeText, sourceTitle } from './boardText.ts';
import { today } from './today.ts';

/** The server to use and where the setting came from. */
export interface ServerChoice {
  readonly url: string;
  readonly from: 'flag' | 'env' | 'config';
}

/**
 * The server: `--server` first, then SLIDEBOX_SERVER, then the settings file; null when none is
 * set. A bad address is an error sentence that names where it was given.
 */
export function chooseServer(
  flag: string | undefined,
  env: NodeJS.ProcessEnv,
  config: Config,
): Result<ServerChoice | null, Problem<'bad-url'>> {
  const given: [string | undefined, ServerChoice['from'], string][] = [
    [flag, 'flag', '--server'],
    [env.SLIDEBOX_SERVER, 'env', 'SLIDEBOX_SERVER'],
    [
      config.server,
      'config',
      'the server in your settings (slidebox config server URL changes it)',
    ],
  ];
  for (const [value, from, where] of given) {
    if (value === undefined || (from !== 'flag' && value.trim() === '')) continue;
    const checked = checkServerUrl(value);
    if (!checked.ok) return err(problem('bad-url', `${where}: ${checked.error.message}`));
    return ok({ url: checked.value, from });
  }
  return ok(null);
}

/**
 * The server of a command that needs one (`submit`, `leaderboard`): the settings' notices said,
 * then the server chosen; or the exit code after a sentence — `usageError`'s for a bad address,
 * 2 when none is set.
 */
export function requiredServer(
  flag: string | undefined,
  dir: string,
  usageError: (message: string) => number,
  errOut: (text: string) => void,
): ServerChoice | number {
  const config = loadConfig(dir);
  for (const n of config.notices) errOut(`${n}\n`);
  const server = chooseServer(flag, process.env, config.config);
  if (!server.ok) return usageError(server.error.message);
  if (server.value === null) {
    errOut(
      'slidebox: no leaderboard server is set: give one with --server URL, set SLIDEBOX_SERVER, or run slidebox config server URL\n',
    );
    return 2;
  }
  return server.value;
}

/** How long a request may take: SLIDEBOX_NET_TIMEOUT_MS (1 to 60,000), else 5 seconds. */
export function netTimeoutMs(env: NodeJS.ProcessEnv): number {
  const n = Number(env.SLIDEBOX_NET_TIMEOUT_MS);
  return Number.isInteger(n) && n >= 1 && n <= 60_000 ? n : 5000;
}

export function clientFor(url: string, env: NodeJS.ProcessEnv): ServerClient {
  return new ServerClient(url, { timeoutMs: netTimeoutMs(env) });
}

/** The one line said when the server did not give what was asked (never more than this line). */
export function netLine(p: NetProblem): string {
  // The server's own sentences are its text: shown safe, like a name.
  const said = safeText(p.message, 300).replace(/\.$/, '');
  if (p.code === 'refused') return `The leaderboard refused it: ${said}.`;
  if (p.code === 'unreachable' || p.code === 'timeout') {
    return `The leaderboard could not be reached: ${said}.`;
  }
  return `The leaderboard could not be used: ${said}.`;
}

/** Asks a question; resolves with the answer, or null when there is none (end of input, Ctrl+C). */
export type Ask = (question: string) => Promise<string | null>;

/** Questions on a terminal, a line each (the prompt on stdout when it is the terminal, else stderr). */
export function terminalAsk(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stdout.isTTY ? process.stdout : process.stderr,
): Ask {
  return (question) =>
    new Promise((resolve) => {
      const rl = createInterface({ input, output, terminal: input.isTTY === true });
      let answer: string | null = null;
      rl.on('SIGINT', () => {
        output.write('\n');
        rl.close();
      });
      rl.on('close', () => {
        input.pause();
        resolve(answer);
      });
      rl.question(question, (a) => {
        answer = a;
        rl.close();
      });
    });
}

const NAME_NEEDED =
  'a name is needed for the leaderboards: give one with --name NAME, or set it with slidebox config name NAME';

/**
 * The player for a submission, with a name: made on first use (a new random key); the name
 * from `--name` (kept), else the saved one, else asked (`ask`, up to three tries). Without a
 * way to ask, a missing name is an error sentence.
 */
export async function playerWithName(
  dir: string,
  o: { readonly nameFlag?: string; readonly ask: Ask | null; readonly say: (line: string) => void },
): Promise<Result<Player & { readonly name: string }, Problem>> {
  if (o.nameFlag !== undefined) {
    const name = checkName(o.nameFlag);
    if (!name.ok) return err(problem('bad-name', `--name: ${name.error.message}`));
    const saved = setPlayerName(dir, name.value, newPlayerKey);
    if (!saved.ok) return saved;
    for (const n of saved.value.notices) o.say(n);
    return ok({ ...saved.value.player, name: name.value });
  }
  const made = ensurePlayer(dir, newPlayerKey);
  if (!made.ok) return made;
  for (const n of made.value.notices) o.say(n);
  const player = made.value.player;
  if (player.name !== null) return ok({ ...player, name: player.name });
  if (!o.ask) return err(problem('no-name', NAME_NEEDED));
  for (let tries = 0; tries < 3; tries++) {
    const answer = await o.ask('Your name on the leaderboards (up to 24 characters): ');
    if (answer === null || answer.trim() === '') break;
    const name = checkName(answer);
    if (!name.ok) {
      o.say(`That name cannot be used: ${name.error.message}.`);
      continue;
    }
    const saved = setPlayerName(dir, name.value, newPlayerKey);
    if (!saved.ok) return saved;
    return ok({ ...saved.value.player, name: name.value });
  }
  return err(problem('no-name', `no name given: ${NAME_NEEDED}`));
}

/**
 * Sends with the player's name; when the server answers that the name belongs to another
 * player (`name-taken`), says so and, with a way to ask, asks for another name (kept) and sends
 * again, up to three names. Without one, or when no name is given, the server's answer stands.
 */
export async function sendAskingName<
  T,
  E extends Problem & { readonly serverCode?: string },
  P extends { readonly name: string },
>(
  dir: string,
  o: { readonly ask: Ask | null; readonly say: (line: string) => void },
  player: P,
  send: (player: P) => Promise<Result<T, E>>,
): Promise<Result<T, E>> {
  let p = player;
  for (let tries = 0; ; tries++) {
    const r = await send(p);
    if (r.ok || r.error.serverCode !== 'name-taken' || !o.ask || tries >= 3) return r;
    o.say(`The name ${p.name} belongs to another player on this server: choose another.`);
    let next: string | null = null;
    while (next === null) {
      const answer = await o.ask('Another name (up to 24 characters): ');
      if (answer === null || answer.trim() === '') return r;
      const name = checkName(answer);
      if (name.ok) next = name.value;
      else o.say(`That name cannot be used: ${name.error.message}.`);
    }
    const saved = setPlayerName(dir, next, newPlayerKey);
    if (saved.ok) for (const n of saved.value.notices) o.say(n);
    p = { ...p, name: next };
  }
}

/** The target of a 2048 code (the entry does not say), for naming its all-time board. */
function targetOf(code: string): number | undefined {
  const d = decodeShared(code);
  return d.ok && d.value.game.kind === '2048' ? d.value.game.target : undefined;
}

/** What a submission says: the game, and where the player stands on its board. */
export function submittedText(
  entry: SubmittedEntry,
  created: boolean,
  code: string,
  env: NodeJS.ProcessEnv,
): string {
  // A code sent from a game played offline goes on the self-reported boards, never the ranked ones.
  const self = entry.ranked !== true;
  const boards = self ? 'the self-reported boards' : 'the leaderboard';
  const head = created
    ? `Submitted to ${boards}`
    : entry.outcome === 'not-better'
      ? `Checked, not kept: your game on ${boards} is as good or better`
      : `Already on ${boards} (submitted before)`;
  const title = boardTitle(entry.board, {
    size: entry.size,
    target: targetOf(code),
    day: entry.day,
    today: today(env),
  });
  const where = self ? sourceTitle(title, 'self-reported') : title;
  return `${head}: ${entrySummary(entry)}\n${rankSentence(entry.rank, where, entry.assisted === true)}\n`;
}

/**
 * Sends a code for the player; the lines to print, or the one line saying why it was not
 * stored (the server's sentence, or that it could not be reached).
 */
export async function submitFor(
  client: ServerClient,
  code: string,
  player: Player & { readonly name: string },
  env: NodeJS.ProcessEnv,
): Promise<Result<string, NetProblem>> {
  const r = await client.submit(code, player.name, player.key);
  if (!r.ok) return r;
  return ok(submittedText(r.value.entry, r.value.created, code, env));
}
