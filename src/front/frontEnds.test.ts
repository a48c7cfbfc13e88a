/**
 * One table of play, typed on each front-end the way a player there types it: raw bytes in a
 * terminal, KeyboardEvents in a browser, lines in plain mode. Each front-end's own translation
 * (decodeKeys + the terminal keymaps, keyBelongsToControl + the shared keymap, the plain line
 * functions) drives a fresh controller with fake effects, and the games must end up the same.
 * Where a front-end truly differs (plain mode never asks before a new game and has no overlays;
 * the web's quit goes to the menu), the table says so, not the test code.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { boardText, plainCommand2048, runPlain2048 } from '../cli/plain2048.ts';
import { plainCommandPuzzle, puzzleText, runPlainPuzzle } from '../cli/plainPuzzle.ts';
import { type Game, gameFromCells, newGame } from '../engine/game2048.ts';
import type { Puzzle } from '../engine/puzzle.ts';
import { newPuzzle } from '../engine/puzzle.ts';
import { ok } from '../engine/result.ts';
import { tempDir } from '../testing/tempDir.ts';
import { FakeTime } from '../testutil/fakeTime.ts';
import { keyToCommand } from '../tui/game2048/keymap.ts';
import { decodeKeys, type Key } from '../tui/keys.ts';
import { puzzleKeyToCommand } from '../tui/puzzle/keymap.ts';
import { keyBelongsToControl } from '../web/context.ts';
import { Controller2048 } from './controller2048.ts';
import { ControllerPuzzle } from './controllerPuzzle.ts';
import { formatNumber } from './format.ts';
import { type KeyInput, key2048, keyPuzzle } from './keymap.ts';
import { type Command2048, initialModel2048, type Model2048 } from './model2048.ts';
import { type CommandPuzzle, initialModelPuzzle, type ModelPuzzle } from './modelPuzzle.ts';
import type { PuzzleSolver, Store2048, StorePuzzle } from './ports.ts';
import { EMPTY_RECORDS, recordSolve, solveRecords } from './records.ts';

const FRONT_ENDS = ['terminal', 'web', 'plain'] as const;
type FrontEnd = (typeof FRONT_ENDS)[number];
/** The front-ends that show overlays (help, "start a new game?"): plain mode has none. */
const WITH_OVERLAYS: readonly FrontEnd[] = ['terminal', 'web'];

/** How one action is typed on each front-end; null: that front-end has no such input. */
interface Typed {
  /** Raw bytes, as a terminal in raw mode sends them. */
  readonly terminal: string | null;
  /** A browser key press (KeyboardEvent.key and modifiers). */
  readonly web: KeyInput | null;
  /** One line of plain mode's input. */
  readonly plain: string | null;
}

const ACTIONS = {
  left: { terminal: '\x1b[D', web: { key: 'ArrowLeft' }, plain: 'left' },
  right: { terminal: '\x1b[C', web: { key: 'ArrowRight' }, plain: 'd' },
  up: { terminal: '\x1bOA', web: { key: 'w' }, plain: 'up' },
  down: { terminal: '\x1b[B', web: { key: 'ArrowDown' }, plain: 'j' },
  undo: { terminal: 'u', web: { key: 'z', ctrlKey: true }, plain: 'u' },
  new: { terminal: 'n', web: { key: 'n' }, plain: 'n' },
  // Plain mode never asks: its `n` starts the new game at once, so there is nothing to answer.
  yes: { terminal: 'y', web: { key: 'Enter' }, plain: null },
  other: { terminal: 'x', web: { key: 'x' }, plain: 'x' },
  help: { terminal: '?', web: { key: '?' }, plain: '?' },
  'keep-going': { terminal: 'c', web: { key: ' ' }, plain: 'continue' },
  quit: { terminal: 'q', web: { key: 'Escape' }, plain: 'quit' },
} as const satisfies Record<string, Typed>;
type Action = keyof typeof ACTIONS;

/** An action typed only on some front-ends, and why the others leave it out. */
interface OnlyOn {
  readonly act: Action;
  readonly only: readonly FrontEnd[];
  readonly why: string;
}
type Step = Action | OnlyOn;

/** Where the player is once the row is typed. */
type Place = 'game' | 'exited' | 'menu';

interface Row<Start> {
  readonly name: string;
  readonly start: Start;
  readonly steps: readonly Step[];
  /** What the game is at the end (on every front-end). */
  readonly expect: {
    readonly moves: number;
    /** The seed of the game on screen: the new-game seed when a new game started. */
    readonly seed: number | null;
    readonly keepPlaying?: boolean;
  };
  /** Where each front-end leaves the player; default: still in the game. */
  readonly place?: Partial<Record<FrontEnd, Place>>;
  /** Also run the real plain adapter (only rows without a new game: its seeds are random). */
  readonly plainAdapter?: boolean;
}

/** The inputs a front-end receives for a row's steps. */
function inputsFor<F extends FrontEnd>(fe: F, steps: readonly Step[]): NonNullable<Typed[F]>[] {
  const out: NonNullable<Typed[F]>[] = [];
  for (const step of steps) {
    const s = typeof step === 'string' ? { act: step, only: FRONT_ENDS } : step;
    const typed = (ACTIONS[s.act] as Typed)[fe];
    if (s.only.includes(fe) && typed !== null) out.push(typed as NonNullable<Typed[F]>);
  }
  return out;
}

/** A browser key event aimed at the page (no button or field has focus). */
function keyEvent(k: KeyInput): KeyboardEvent {
  return { ...k, target: null } as unknown as KeyboardEvent;
}

const SEED = 7;
const NEW_SEED = 99;
const START_2048 = initialModel2048(newGame({ seed: SEED }), 0);
const WIN_SEED = 5;
const NEAR_WIN = initialModel2048(
  gameFromCells(
    [
      [1024, 1024, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ],
    { target: 2048, seed: WIN_SEED },
  ),
  0,
);

const NEW_THEN_CANCEL: readonly Step[] = [
  { act: 'new', only: WITH_OVERLAYS, why: 'plain mode starts a new game at once, no cancelling' },
  { act: 'other', only: WITH_OVERLAYS, why: 'the key that cancels the question plain never asks' },
];
const HELP_THEN_RIGHT: readonly Step[] = [
  'help',
  { act: 'right', only: WITH_OVERLAYS, why: 'closes help; plain has no help to close' },
];

const ROWS_2048: readonly Row<Model2048>[] = [
  {
    name: 'moves, then undo takes the last one back',
    start: START_2048,
    // Chosen so that each direction's key and undo change the end (an undone move often doesn't).
    steps: ['up', 'down', 'undo', 'left', 'right'],
    expect: { moves: 3, seed: SEED },
    plainAdapter: true,
  },
  {
    name: 'a new game asked for, then cancelled by another key',
    start: START_2048,
    steps: ['left', 'up', ...NEW_THEN_CANCEL, 'right'],
    expect: { moves: 3, seed: SEED },
  },
  {
    name: 'a new game confirmed',
    start: START_2048,
    steps: ['left', 'up', 'new', 'yes', 'down'],
    expect: { moves: 1, seed: NEW_SEED },
  },
  {
    name: 'a win, a move key ignored while the choice waits, then keep going',
    start: NEAR_WIN,
    steps: ['left', 'down', 'keep-going', 'down'],
    expect: { moves: 2, seed: WIN_SEED, keepPlaying: true },
    plainAdapter: true,
  },
  {
    name: 'help opened and closed by the next key, which does not move',
    start: START_2048,
    steps: ['left', ...HELP_THEN_RIGHT, 'up'],
    expect: { moves: 2, seed: SEED },
  },
  {
    name: 'quit: terminal and plain end, the web goes to the menu; later keys reach no game',
    start: START_2048,
    steps: ['left', 'quit', 'right'],
    expect: { moves: 1, seed: SEED },
    place: { terminal: 'exited', web: 'menu', plain: 'exited' },
    plainAdapter: true,
  },
];

const START_PUZZLE = initialModelPuzzle(newPuzzle({ width: 3, seed: SEED }), {});

const ROWS_PUZZLE: readonly Row<ModelPuzzle>[] = [
  {
    // With seed 7 the gap starts on the bottom row: `up` has no tile to slide.
    name: 'moves (one impossible), then undo',
    start: START_PUZZLE,
    steps: ['up', 'left', 'down', 'undo', 'right'],
    expect: { moves: 2, seed: SEED },
    plainAdapter: true,
  },
  {
    name: 'a new game asked for, then cancelled by another key',
    start: START_PUZZLE,
    steps: ['left', ...NEW_THEN_CANCEL, 'down'],
    expect: { moves: 2, seed: SEED },
  },
  {
    name: 'a new game confirmed',
    start: START_PUZZLE,
    steps: ['left', 'down', 'new', 'yes', 'left'],
    expect: { moves: 1, seed: NEW_SEED },
  },
  {
    name: 'help opened and closed by the next key, which does not move',
    start: START_PUZZLE,
    steps: ['left', ...HELP_THEN_RIGHT, 'down'],
    expect: { moves: 2, seed: SEED },
  },
  {
    name: 'quit: terminal and plain end, the web goes to the menu; later keys reach no game',
    start: START_PUZZLE,
    steps: ['left', 'quit', 'right'],
    expect: { moves: 1, seed: SEED },
    place: { terminal: 'exited', web: 'menu', plain: 'exited' },
  },
];

const memoryStore2048: Store2048 = { save: () => ok(undefined) };
const memoryStorePuzzle: StorePuzzle = {
  save: () => ok(undefined),
  recordSolve: (width, moves, timeMs) =>
    ok(solveRecords(recordSolve(EMPTY_RECORDS, width, moves, timeMs), width)),
};
const noSolver = (): Promise<PuzzleSolver> => Promise.reject(new Error('no solver in this test'));

interface Played<M> {
  readonly model: M;
  readonly place: Place;
}

/** Each front-end's own translation of its input into a game's commands. */
interface Translation<C, M> {
  terminal(key: Key, model: M): C;
  web(e: KeyboardEvent, model: M): C | null;
  plain(line: string, model: M): C | null;
}

/** A controller as the front-ends drive it. */
interface Driven<C, M> {
  readonly model: M;
  dispatch(cmd: C): unknown;
}

/** Types a row's steps on one front-end into a controller; says where the player ends up. */
function typeRow<C extends { readonly type: string }, M extends { readonly quit: boolean }>(
  fe: FrontEnd,
  steps: readonly Step[],
  c: Driven<C, M>,
  t: Translation<C, M>,
): Place {
  let place: Place = 'game';
  if (fe === 'terminal') {
    // As runScreen (a terminal big enough for the board): each key of a chunk, read against
    // the model on screen, until quit.
    for (const bytes of inputsFor('terminal', steps)) {
      for (const key of decodeKeys(bytes)) {
        if (c.model.quit) break;
        c.dispatch(t.terminal(key, c.model));
      }
      if (c.model.quit) place = 'exited';
    }
    return place;
  }
  // As the web screens (keys a control owns are skipped; quit shows the menu) and plain mode
  // (unknown lines change nothing; quit ends the input).
  const inputs = fe === 'web' ? inputsFor('web', steps).map(keyEvent) : inputsFor('plain', steps);
  for (const input of inputs) {
    if (place !== 'game') break;
    if (typeof input !== 'string' && keyBelongsToControl(input)) continue;
    const cmd = typeof input === 'string' ? t.plain(input, c.model) : t.web(input, c.model);
    if (cmd?.type === 'quit') place = fe === 'web' ? 'menu' : 'exited';
    else if (cmd) c.dispatch(cmd);
  }
  return place;
}

const TYPED_2048: Translation<Command2048, Model2048> = {
  terminal: keyToCommand,
  web: key2048,
  plain: plainCommand2048,
};
const TYPED_PUZZLE: Translation<CommandPuzzle, ModelPuzzle> = {
  terminal: (key, model) => puzzleKeyToCommand(key, model, () => null),
  web: keyPuzzle,
  plain: plainCommandPuzzle,
};

/** Types a 2048 row on one front-end, through that front-end's own translation. */
function play2048(fe: FrontEnd, row: Row<Model2048>): Played<Model2048> {
  const time = new FakeTime();
  const c = new Controller2048({
    model: row.start,
    store: memoryStore2048,
    advisor: () => Promise.reject(new Error('no AI in this test')),
    seed: () => NEW_SEED,
    onChange: () => {},
    clock: time,
    timers: time,
  });
  const place = typeRow(fe, row.steps, c, TYPED_2048);
  return { model: c.close(), place };
}

/** Types a puzzle row on one front-end, through that front-end's own translation. */
function playPuzzle(fe: FrontEnd, row: Row<ModelPuzzle>): Played<ModelPuzzle> {
  const time = new FakeTime();
  const c = new ControllerPuzzle({
    model: row.start,
    store: memoryStorePuzzle,
    solver: noSolver,
    seed: () => NEW_SEED,
    onChange: () => {},
    prepareTables: false,
    clock: time,
    timers: time,
  });
  c.resume();
  const place = typeRow(fe, row.steps, c, TYPED_PUZZLE);
  return { model: c.close(), place };
}

/** What must match across front-ends: the game, and whether an overlay is left open. */
function shown2048(m: Model2048) {
  const g: Game = m.game;
  const { cells, score, moves, won, keepPlaying, seed } = g;
  return { cells, score, moves, won, keepPlaying, seed, overlay: m.overlay };
}

function shownPuzzle(m: ModelPuzzle) {
  const p: Puzzle = m.puzzle;
  const { tiles, moves, solved, seed } = p;
  return { tiles, moves, solved, seed, overlay: m.overlay };
}

function placesOf(row: Row<unknown>): Record<FrontEnd, Place> {
  return { terminal: 'game', web: 'game', plain: 'game', ...row.place };
}

describe('the same play on the terminal, web and plain front-ends: 2048', () => {
  it.each(ROWS_2048)('$name', (row) => {
    const played = {
      terminal: play2048('terminal', row),
      web: play2048('web', row),
      plain: play2048('plain', row),
    };
    const reference = shown2048(played.terminal.model);
    expect(reference).toMatchObject({
      moves: row.expect.moves,
      seed: row.expect.seed,
      keepPlaying: row.expect.keepPlaying ?? false,
      overlay: null,
    });
    expect({
      web: shown2048(played.web.model),
      plain: shown2048(played.plain.model),
    }).toEqual({ web: reference, plain: reference });
    expect({
      terminal: played.terminal.place,
      web: played.web.place,
      plain: played.plain.place,
    }).toEqual(placesOf(row));
  });
});

describe('the same play on the terminal, web and plain front-ends: the puzzle', () => {
  it.each(ROWS_PUZZLE)('$name', (row) => {
    const played = {
      terminal: playPuzzle('terminal', row),
      web: playPuzzle('web', row),
      plain: playPuzzle('plain', row),
    };
    const reference = shownPuzzle(played.terminal.model);
    expect(reference).toMatchObject({
      moves: row.expect.moves,
      seed: row.expect.seed,
      overlay: null,
    });
    expect({
      web: shownPuzzle(played.web.model),
      plain: shownPuzzle(played.plain.model),
    }).toEqual({ web: reference, plain: reference });
    expect({
      terminal: played.terminal.place,
      web: played.web.place,
      plain: played.plain.place,
    }).toEqual(placesOf(row));
  });
});

/** Runs a plain adapter on the given lines; resolves with what it printed. */
async function runPlain(
  lines: readonly string[],
  run: (io: { input: PassThrough; output: PassThrough; error: PassThrough }) => Promise<number>,
): Promise<{ code: number; out: string[] }> {
  const io = { input: new PassThrough(), output: new PassThrough(), error: new PassThrough() };
  let text = '';
  io.output.setEncoding('utf8').on('data', (s: string) => {
    text += s;
  });
  io.error.resume();
  io.input.end(lines.map((l) => `${l}\n`).join(''));
  const code = await run(io);
  return { code, out: text.split('\n') };
}

/** The last board printed after a status line that `isStatus` recognises. */
function lastBoard(out: readonly string[], isStatus: (line: string) => boolean, rows: number) {
  const at = out.findLastIndex(isStatus);
  expect(at).toBeGreaterThanOrEqual(0);
  return { status: out[at]!, board: out.slice(at + 1, at + 1 + rows).join('\n') };
}

describe('the real plain adapters print the board the table expects', () => {
  it.each(ROWS_2048.filter((r) => r.plainAdapter))('2048: $name', async (row) => {
    const expected = play2048('plain', row).model.game;
    const { code, out } = await runPlain(inputsFor('plain', row.steps), (io) =>
      runPlain2048(row.start, tempDir(), io, () => Promise.reject(new Error('no AI'))),
    );
    expect(code).toBe(0);
    const last = lastBoard(out, (l) => l.startsWith('Score: '), expected.size);
    expect(last.board).toBe(boardText(expected.cells));
    expect(last.status).toMatch(
      new RegExp(
        `^Score: ${formatNumber(expected.score)} .*Moves: ${formatNumber(expected.moves)}$`,
      ),
    );
    expect(out).toContain(`Final score: ${formatNumber(expected.score)}`);
  });

  it.each(ROWS_PUZZLE.filter((r) => r.plainAdapter))('puzzle: $name', async (row) => {
    const expected = playPuzzle('plain', row).model.puzzle;
    const { code, out } = await runPlain(inputsFor('plain', row.steps), (io) =>
      runPlainPuzzle(row.start, tempDir(), noSolver, io),
    );
    expect(code).toBe(0);
    const last = lastBoard(out, (l) => / {2}Moves: /.test(l), expected.width);
    expect(last.board).toBe(puzzleText(expected));
    expect(last.status).toContain(`  Moves: ${formatNumber(expected.moves)}  `);
    expect(out).toContain(`Moves: ${formatNumber(expected.moves)}`);
  });
});
