/**
 * Ranked play in the terminal: `slidebox --ranked`, `slidebox puzzle --ranked`, `slidebox daily
 * 2048|puzzle --ranked`. The server deals the game and keeps its clock; this program shows it
 * (full screen, or line mode) and keeps the game's id and token in the data directory, so the
 * same command resumes it after the program ended. At the end: the figures the server ranked,
 * the rank and the share code (a ranked daily's: when its replay opens, the server withholding
 * its code until the day is over). A server that cannot be reached costs one sentence and exit 1
 * within the network timeout.
 */
import { resolve } from 'node:path';
import type { RankedConnect } from '../front/online/controllerRanked.ts';
import { initialModelRanked, type ModelRanked } from '../front/online/modelRanked.ts';
import type { RankedKind, RankedRequest } from '../net/ranked.ts';
import { RankedClient } from '../net/rankedClient.ts';
import { nodeSocketFactory } from '../node/webSocket.ts';
import { defaultDataDir } from '../storage/files.ts';
import {
  dropRanked,
  loadRanked,
  type RankedSaved,
  type RankedSlot,
  saveRanked,
} from '../storage/rankedGames.ts';
import { fullScreenHere } from '../tui/fullScreen.ts';
import { safeText } from './boardText.ts';
import {
  clientFor,
  netTimeoutMs,
  playerWithName,
  requiredServer,
  sendAskingName,
  terminalAsk,
} from './online.ts';
import { endedOf, type RankedWhat, rankedScreenText, resultLines } from './rankedText.ts';
import { shellWord } from './saveWatch.ts';
import { today } from './today.ts';

/** What the command line asked for. */
export interface RankedArgs {
  readonly kind: RankedKind;
  readonly size: number | undefined;
  readonly target: number | undefined;
  readonly daily: boolean;
  readonly server: string | undefined;
  readonly name: string | undefined;
  readonly plain: boolean;
  readonly animation: boolean;
  readonly invert: boolean;
  readonly dataDir: string | undefined;
  /** Says a bad option's sentence with the command's usage; the exit code (2). */
  readonly usageError: (message: string) => number;
}

const out = (s: string) => process.stdout.write(s);
const errOut = (s: string) => process.stderr.write(s);

/** The command that plays (and resumes) this ranked game. */
export function rankedCommand(a: Omit<RankedArgs, 'usageError'>): string {
  const words = ['slidebox'];
  if (a.daily) words.push('daily', a.kind);
  else if (a.kind === 'puzzle') words.push('puzzle');
  words.push('--ranked');
  if (!a.daily && a.size !== undefined && a.size !== 4) words.push('--size', String(a.size));
  if (!a.daily && a.kind === '2048' && a.target !== undefined && a.target !== 2048) {
    words.push('--target', String(a.target));
  }
  if (a.server !== undefined) words.push('--server', shellWord(a.server));
  if (a.dataDir !== undefined) words.push('--data-dir', shellWord(a.dataDir));
  return words.join(' ');
}

/** Minutes, in words: "30 minutes", "1 hour", "2 days". */
export function keptFor(ms: number): string {
  const m = Math.round(ms / 60_000);
  const said = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (m < 120) return said(Math.max(1, m), 'minute');
  const h = Math.round(m / 60);
  return h < 48 ? said(h, 'hour') : said(Math.round(h / 24), 'day');
}

/** Waits until a new client has the server's board, or has given up; the status it reached. */
function firstContact(client: RankedClient): Promise<'open' | 'closed'> {
  return new Promise((done) => {
    const check = () => {
      const s = client.view.status;
      if (s === 'open' || s === 'closed') {
        stop();
        done(s);
      }
    };
    const stop = client.subscribe(check);
    check();
  });
}

interface Started {
  readonly client: RankedClient;
  readonly saved: RankedSaved;
  readonly notice: string | null;
}

/** What the game needs once the server and the player are known. */
interface Context {
  readonly a: RankedArgs;
  readonly dir: string;
  readonly slot: RankedSlot;
  readonly asked: RankedWhat;
  readonly player: { readonly key: string; readonly name: string };
  readonly connect: (s: RankedSaved) => RankedClient;
}

/** Plays a ranked game; resolves with the exit code. */
export async function playRanked(a: RankedArgs): Promise<number> {
  const dir = resolve(a.dataDir ?? defaultDataDir());
  const server = requiredServer(a.server, dir, a.usageError, errOut);
  if (typeof server === 'number') return server;
  const socket = await nodeSocketFactory();
  if (typeof socket === 'string') {
    errOut(`slidebox: ${socket}.\n`);
    return 1;
  }
  const player = await playerWithName(dir, {
    nameFlag: a.name,
    ask: process.stdin.isTTY ? terminalAsk() : null,
    say: (line) => errOut(`${line}\n`),
  });
  if (!player.ok) {
    errOut(`slidebox: ${player.error.message}\n`);
    return player.error.code === 'bad-name' ? 2 : 1;
  }
  const size = a.daily ? 4 : (a.size ?? 4);
  const target = a.kind === '2048' ? (a.daily ? 2048 : (a.target ?? 2048)) : null;
  const timeoutMs = netTimeoutMs(process.env);
  const c: Context = {
    a,
    dir,
    slot: { server: server.url, kind: a.kind, size, target, daily: a.daily },
    asked: { kind: a.kind, size, target, day: a.daily ? today() : null },
    player: player.value,
    connect: (s) =>
      new RankedClient({
        server: server.url,
        game: s.id,
        token: s.token,
        board: s.board,
        socket,
        connectTimeoutMs: timeoutMs,
      }),
  };
  // A ranked game kept from an earlier run is resumed (the daily is resumed by the server).
  const kept = await resumeKept(c);
  if (typeof kept === 'number') return kept;
  const started = kept ?? (await startNew(c));
  if (typeof started === 'number') return started;
  const { client, saved } = started;
  const link: RankedConnect = (onChange) => {
    client.subscribe(onChange);
    return client;
  };
  const model = initialModelRanked(a.kind, { invert: a.invert, notice: started.notice });
  const end = fullScreenHere(a.plain)
    ? await screen(model, link, c.asked, a.animation)
    : await line(model, link);
  return finish(end, saved, { dir, asked: c.asked, command: rankedCommand(a) });
}

/**
 * The kept game of this command, connected; null when there is none (or it is gone from the
 * server: forgotten, said); the exit code when the server cannot be reached.
 */
async function resumeKept(c: Context): Promise<Started | null | number> {
  const kept = c.a.daily ? { saved: null, notices: [] } : loadRanked(c.dir, c.slot);
  for (const n of kept.notices) errOut(`${n}\n`);
  if (!kept.saved) return null;
  let client: RankedClient | null = null;
  try {
    client = c.connect(kept.saved);
  } catch {
    client = null;
  }
  const reached = client ? await firstContact(client) : 'closed';
  const why = client?.view.closed;
  if (client && reached === 'open') {
    return { client, saved: kept.saved, notice: 'Resumed your ranked game.' };
  }
  if (why === 'unreachable' || why === 'replaced') {
    const said = safeText(client?.view.notice ?? 'the server could not be reached', 200);
    errOut(`slidebox: your ranked game could not be resumed: ${said.replace(/\.$/, '')}.\n`);
    return 1;
  }
  for (const n of dropRanked(c.dir, kept.saved.id)) errOut(`${n}\n`);
  errOut(
    'Your kept ranked game is no longer on the server (it ended while you were away); a new one starts.\n',
  );
  return null;
}

/** A new ranked game, dealt by the server, kept and connected; else the exit code (said). */
async function startNew(c: Context): Promise<Started | number> {
  const { a, slot } = c;
  const req: RankedRequest = {
    kind: a.kind,
    ...(a.daily
      ? { daily: true }
      : { size: slot.size, ...(slot.target !== null ? { target: slot.target } : {}) }),
    playerKey: c.player.key,
    name: c.player.name,
  };
  const asking = {
    ask: process.stdin.isTTY ? terminalAsk() : null,
    say: (line: string) => errOut(`${line}\n`),
  };
  const r = await sendAskingName(c.dir, asking, c.player, (p) =>
    clientFor(slot.server, process.env).startRanked({ ...req, playerKey: p.key, name: p.name }),
  );
  if (!r.ok) {
    if (r.error.result) {
      // Today's ranked daily, played already: the server's sentence and that attempt.
      errOut(`${safeText(r.error.message, 300).replace(/\.$/, '')}.\n`);
      const ended = { kind: a.kind, board: null, result: r.error.result };
      out(`${resultLines(ended, c.asked, today()).join('\n')}\n`);
      return 1;
    }
    const said = safeText(r.error.message, 300).replace(/\.$/, '');
    errOut(`slidebox: no ranked game was started: ${said}.\n`);
    return 1;
  }
  const s = r.value;
  const saved: RankedSaved = {
    ...slot,
    id: s.id,
    token: s.token,
    day: s.board.day,
    keepMs: s.keepMs,
    savedMs: Date.now(),
    board: s.board,
  };
  for (const n of saveRanked(c.dir, saved)) errOut(`${n}\n`);
  const client = c.connect(saved);
  if ((await firstContact(client)) === 'closed') {
    const said = safeText(client.view.notice ?? 'the server could not be reached', 200);
    errOut(`slidebox: the ranked game could not be played: ${said.replace(/\.$/, '')}.\n`);
    return 1;
  }
  const notice = s.resumed ? "Resumed today's ranked attempt: it is your entry." : null;
  return { client, saved, notice };
}

async function line(model: ModelRanked, link: RankedConnect): Promise<ModelRanked> {
  const { runPlainRanked } = await import('./plainRanked.ts');
  const io = { input: process.stdin, output: process.stdout, error: process.stderr };
  return runPlainRanked(model, link, io);
}

async function screen(
  model: ModelRanked,
  link: RankedConnect,
  asked: RankedWhat,
  animation: boolean,
): Promise<ModelRanked> {
  const [{ runRanked }, { detectColorDepth }] = await Promise.all([
    import('../tui/ranked/run.ts'),
    import('../tui/color.ts'),
  ]);
  const day = today();
  return runRanked({
    model,
    connect: link,
    depth: detectColorDepth(process.env, true),
    animation,
    text: (m, now) => rankedScreenText(m, asked, day, now),
  });
}

/** What is said once the game is left: its result (and it is forgotten), or how to go on. */
function finish(
  end: ModelRanked,
  saved: RankedSaved,
  o: { dir: string; asked: RankedWhat; command: string },
): number {
  const v = end.view;
  if (v?.result) {
    for (const n of dropRanked(o.dir, saved.id)) errOut(`${n}\n`);
    out(`${resultLines(endedOf(end), o.asked, today()).join('\n')}\n`);
    return 0;
  }
  if (v?.closed === 'no-game' || v?.closed === 'bad-token') {
    for (const n of dropRanked(o.dir, saved.id)) errOut(`${n}\n`);
    errOut(`slidebox: ${safeText(v.notice ?? 'the game is no longer on the server', 200)}.\n`);
    return 1;
  }
  if (v?.closed === 'replaced') {
    errOut(`Your ranked game is now played in another window: ${o.command} takes it back here.\n`);
    return 0;
  }
  errOut(
    `Left your ranked game; the server keeps it for ${keptFor(saved.keepMs)} (then it ends as it stands): ${o.command} goes on with it.\n`,
  );
  return v?.status === 'closed' && v.closed !== 'left' ? 1 : 0;
}
