/**
 * `slidebox replay` and `slidebox export`: share codes on the command line. `export` prints
 * the code of a saved game; `replay` re-simulates a code (refusing any the rules do not
 * produce) and plays it back full-screen, or prints its end in plain mode.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { elapsedMs } from '../engine/puzzle.ts';
import type { Problem, Result } from '../engine/result.ts';
import {
  encodeShared,
  type Shared,
  shared2048,
  sharedDuel,
  sharedPuzzle,
  sharedVersus,
} from '../engine/shareCode.ts';
import { type Replay, readShareCodeWith } from '../engine/shareReplay.ts';
import { notAnalysable } from '../front/modelAnalysis.ts';
import { initialModelReplay, replayClock } from '../front/modelReplay.ts';
import { opponentKey } from '../front/modelVersus.ts';
import { replayScreen, replaySummary } from '../front/replayText.ts';
import { defaultDataDir } from '../storage/files.ts';
import { dataDirProblem } from '../storage/saves.ts';
import { detectColorDepth } from '../tui/color.ts';
import { fullScreenHere } from '../tui/fullScreen.ts';
import { HELP } from './help.ts';
import { boardText } from './plain2048.ts';
import { duelText } from './plainDuel.ts';
import { puzzleText } from './plainPuzzle.ts';
import { type PlainPace, parsePace, playPlain } from './plainReplay.ts';
import { versusText } from './plainVersus.ts';
import { placerFunction } from './solvers.ts';

/** The help of the command running: replay's or export's. */
let usage: string = HELP.replay;

type Io = { out(s: string): void; err(s: string): void };

const io: Io = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
};

function help(): number {
  io.out(`${usage}\n`);
  return 0;
}

function usageError(message: string): number {
  io.err(`slidebox: ${message}\n\n${usage}\n`);
  return 2;
}

/** Options of both commands, or the sentence a bad one gets. */
function parse(argv: readonly string[]) {
  try {
    return parseArgs({
      args: [...argv],
      options: {
        file: { type: 'string' },
        plain: { type: 'boolean' },
        size: { type: 'string' },
        spawns: { type: 'string' },
        'data-dir': { type: 'string' },
        last: { type: 'boolean' },
        'no-animation': { type: 'boolean' },
        pace: { type: 'string' },
        analyse: { type: 'boolean' },
        analyze: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (e) {
    // parseArgs names the option in its own words: keep the first sentence.
    return (e as Error).message
      .split('. ')[0]!
      .replace(/^Unknown option '(.+)'$/, 'unknown option $1');
  }
}

/** The code in a text: the code itself, or what follows `#replay=` in a link. */
export function codeIn(text: string): string {
  const t = text.trim();
  const at = t.indexOf('#replay=');
  return (at >= 0 ? t.slice(at + '#replay='.length) : t).split(/\s/)[0] ?? '';
}

/** The end of a replay as text: the summary and the final position. */
export function replayText(r: Replay): string {
  const s = replayScreen(r, r.states.length - 1);
  const board =
    s.kind === '2048'
      ? `${boardText(s.model.game.cells)}\n`
      : s.kind === 'puzzle'
        ? puzzleText(s.model.puzzle)
        : s.kind === 'versus'
          ? versusText(s.model).replace(/ Type r for a rematch.*$/m, '')
          : duelText(s.model).replace(/ Type r for a rematch.*$/m, '');
  return `${replaySummary(r)}\n${board.endsWith('\n') ? board : `${board}\n`}`;
}

/**
 * Plain mode: a line on the game and its end; a puzzle with move times prints each move in
 * between, when the solve made it (times `pace`).
 */
async function showPlain(r: Replay, pace: PlainPace): Promise<void> {
  const clock = replayClock(r);
  if (r.kind !== 'puzzle' || !clock) {
    io.out(replayText(r));
    return;
  }
  const text = replayText(r);
  const cut = text.indexOf('\n') + 1;
  io.out(text.slice(0, cut));
  await playPlain(r, clock, { pace, out: io.out });
  io.out(text.slice(cut));
}

async function replay(argv: readonly string[]): Promise<number> {
  const a = parse(argv);
  if (typeof a === 'string') return usageError(a);
  const { values, positionals } = a;
  if (values.help) return help();
  for (const o of ['size', 'spawns', 'data-dir', 'last'] as const) {
    if (values[o] !== undefined) return usageError(`--${o} is for slidebox export only`);
  }
  if ((values.file === undefined) === (positionals.length === 0) || positionals.length > 1) {
    return usageError('give one code, or --file FILE');
  }
  const pace = values.pace === undefined ? 1 : parsePace(values.pace);
  if (pace === null)
    return usageError(`--pace needs 0.25, 0.5, 1, 2, 4 or max, got "${values.pace}"`);
  let text: string;
  try {
    text = values.file === undefined ? positionals[0]! : readFileSync(values.file, 'utf8');
  } catch (e) {
    io.err(
      `slidebox: cannot read ${values.file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`,
    );
    return 1;
  }
  // An evil 2048 game is replayed with the placer AI that chose its tiles.
  const r = await readShareCodeWith(codeIn(text), placerFunction);
  if (!r.ok) {
    io.err(`slidebox: cannot replay this code: ${r.error.message}\n`);
    return 2;
  }
  const analyse = values.analyse === true || values.analyze === true;
  if (!fullScreenHere(values.plain === true)) {
    await showPlain(r.value, pace);
    // Plain mode prints the analysis after the game, as `slidebox analyse CODE` does.
    if (analyse) {
      io.out('\n');
      return (await import('./analyse.ts')).main([codeIn(text)]);
    }
    return 0;
  }
  const { runReplay } = await import('../tui/replay/run.ts');
  const { workerAnalyser } = await import('../tui/replay/analyser.ts');
  await runReplay({
    model: initialModelReplay(r.value, {
      pace: pace === 'max' ? 4 : pace,
      analysis: analyse ? 'start' : 'offer',
    }),
    depth: detectColorDepth(process.env, true),
    animation: values['no-animation'] !== true,
    analyser: workerAnalyser,
  });
  io.out(`${replaySummary(r.value)}\n`);
  // A match asked to be analysed had no room to say why it was not, full-screen: said here.
  const why = analyse ? notAnalysable(r.value) : null;
  if (why) io.err(`slidebox: not analysed: ${why}\n`);
  return 0;
}

/** The share code of the saved game of a kind, or a sentence saying why there is none. */
async function savedShare(
  kind: string,
  dir: string,
  size: number,
  evil: boolean,
): Promise<Result<Shared, Problem> | string | { problem: string }> {
  const none = (what: string) => `there is no saved ${what} in ${dir}`;
  // A save that cannot be read is not "no save": the cause, in its own sentence.
  const problem = dataDirProblem(dir);
  if (problem) return { problem };
  if (kind === '2048') {
    const { load2048 } = await import('../storage/store2048.ts');
    const loaded = load2048(dir, size, evil ? await placerFunction() : undefined);
    if (loaded.unreadable) return { problem: loaded.unreadable };
    for (const n of loaded.notices) io.err(`${n}\n`);
    if (!loaded.game) return none(`${size}×${size} 2048 game`);
    return shared2048(loaded.game, { evil, assisted: loaded.assisted });
  }
  if (kind === 'puzzle') {
    const { loadPuzzle } = await import('../storage/storePuzzle.ts');
    const loaded = loadPuzzle(dir, size);
    if (loaded.unreadable) return { problem: loaded.unreadable };
    for (const n of loaded.notices) io.err(`${n}\n`);
    if (!loaded.puzzle) return none(`${size}×${size} puzzle`);
    const timeMs = elapsedMs(loaded.puzzle, 0);
    return sharedPuzzle(loaded.puzzle, { assisted: loaded.assisted, timeMs });
  }
  const { loadDuelSession, loadVersusSession } = await import('../storage/storeMatches.ts');
  if (kind === 'versus') {
    const loaded = loadVersusSession(dir);
    if (loaded.unreadable) return { problem: loaded.unreadable };
    for (const n of loaded.notices) io.err(`${n}\n`);
    const m = loaded.value;
    return m ? { ok: true, value: sharedVersus(m.match, opponentKey(m)) } : none('versus match');
  }
  const loaded = loadDuelSession(dir);
  if (loaded.unreadable) return { problem: loaded.unreadable };
  for (const n of loaded.notices) io.err(`${n}\n`);
  const m = loaded.value;
  return m ? { ok: true, value: sharedDuel(m.duel, m.players.join(',')) } : none('duel');
}

async function exportCode(argv: readonly string[]): Promise<number> {
  const a = parse(argv);
  if (typeof a === 'string') return usageError(a);
  const { values, positionals } = a;
  if (values.help) return help();
  for (const o of ['file', 'plain', 'no-animation', 'pace', 'analyse', 'analyze'] as const) {
    if (values[o] !== undefined) return usageError(`--${o} is for slidebox replay only`);
  }
  const kind = positionals[0] ?? '2048';
  if (positionals.length > 1 || !['2048', 'puzzle', 'versus', 'duel'].includes(kind)) {
    return usageError(`unknown game "${positionals.join(' ')}" (try: 2048, puzzle, versus, duel)`);
  }
  const size = values.size === undefined ? 4 : Number(values.size);
  if (!/^\d+$/.test(values.size ?? '4') || size < 3 || size > 8) {
    return usageError(`--size needs a whole number from 3 to 8, got "${values.size}"`);
  }
  if (
    values.spawns !== undefined &&
    (kind !== '2048' || !['natural', 'evil'].includes(values.spawns))
  ) {
    return usageError(
      kind === '2048'
        ? `--spawns needs natural or evil, got "${values.spawns}"`
        : '--spawns is for 2048 only',
    );
  }
  const dir = resolve(values['data-dir'] ?? defaultDataDir());
  if (values.last)
    return lastCode(dir, positionals[0], values.size !== undefined || values.spawns !== undefined);
  const shared = await savedShare(kind, dir, size, values.spawns === 'evil');
  if (typeof shared === 'object' && 'problem' in shared) {
    io.err(`slidebox: ${shared.problem}\n`);
    return 1;
  }
  if (typeof shared === 'string' || !shared.ok) {
    io.err(
      `slidebox: nothing to export: ${typeof shared === 'string' ? shared : shared.error.message}\n`,
    );
    return 1;
  }
  io.out(`${encodeShared(shared.value)}\n`);
  if (process.stdout.isTTY) io.err('Anyone can watch it with: slidebox replay CODE\n');
  return 0;
}

/** Prints the code of the last finished game (of a kind) in the history. */
async function lastCode(dir: string, kind: string | undefined, sized: boolean): Promise<number> {
  if (sized) return usageError('--last takes the last finished game: no --size or --spawns');
  const { loadHistory } = await import('../storage/history.ts');
  const loaded = loadHistory(dir);
  for (const n of loaded.notices) io.err(`${n}\n`);
  if (loaded.problem) {
    io.err(`slidebox: ${loaded.problem}\n`);
    return 1;
  }
  const last = loaded.history.entries.findLast((e) => kind === undefined || e.kind === kind);
  if (!last?.code) {
    const what = kind === undefined ? 'finished game' : `finished ${kind} game`;
    io.err(`slidebox: nothing to export: no ${what} with a share code in ${dir}\n`);
    return 1;
  }
  io.out(`${last.code}\n`);
  return 0;
}

/** Runs `slidebox replay …` or `slidebox export …`; resolves with the exit code. */
export function main(command: 'replay' | 'export', argv: readonly string[]): Promise<number> {
  usage = HELP[command];
  return command === 'replay' ? replay(argv) : exportCode(argv);
}
