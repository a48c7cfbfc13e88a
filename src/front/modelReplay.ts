/**
 * Watching a replay, for every front-end: the re-simulated game of a share code, the move on
 * screen, playing or paused, and the pace; its pure update and its keys. The positions come
 * from the engine's re-simulation, so what is shown is exactly what the rules produce.
 *
 * A puzzle code with move times plays at the solve's own speed times a pace (×0.25 to ×4);
 * any other code plays a number of moves a second.
 *
 * A front-end that can analyse a game (modelAnalysis.ts) offers it: one key runs it, or stops
 * it while it runs, or hides and shows it once done; two keys jump to the next and the
 * previous mistake.
 */
import { clockAtMoves } from '../engine/moveTimes.ts';
import type { Replay } from '../engine/shareReplay.ts';
import { formatSolveTime } from './format.ts';
import { bare, type KeyInput } from './keymap.ts';
import {
  type AnalysisProgress,
  type AnalysisState,
  type GameAnalysis,
  mistakeFrom,
  notAnalysable,
  progressed,
} from './modelAnalysis.ts';

/** Replay paces, in moves a second (codes without move times). */
export const REPLAY_SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;
export const DEFAULT_REPLAY_SPEED = 2;
/** Paces of a replay with move times: times the solve's own speed. */
export const TIMED_PACES = [0.25, 0.5, 1, 2, 4] as const;
/** Index of ×1 in {@link TIMED_PACES}. */
export const DEFAULT_TIMED_PACE = 2;
/**
 * The start shows at least this long (ms of the solve, so shorter at a faster pace) before the
 * first move of a replay with move times: the first move often starts the clock (at 0).
 */
export const START_SHOWN_MS = 1000;

export interface ModelReplay {
  readonly replay: Replay;
  /**
   * The solve's clock at each position (ms; 0 at the start) when the code has move times:
   * the replay then plays at their speed. Null: a number of moves a second.
   */
  readonly clock: readonly number[] | null;
  /** The position on screen: 0 is the start, `replay.states.length - 1` the end. */
  readonly index: number;
  readonly playing: boolean;
  /** Index into {@link paces}: {@link TIMED_PACES} with a clock, else {@link REPLAY_SPEEDS}. */
  readonly speed: number;
  readonly quit: boolean;
  /** The game's analysis (null: not offered, by this front-end or for this kind of game). */
  readonly analysis: AnalysisState | null;
}

export type CommandReplay =
  | { readonly type: 'play-pause' }
  /** One move forward (+1) or back (-1); stops playing. */
  | { readonly type: 'step'; readonly by: 1 | -1 }
  | { readonly type: 'faster' }
  | { readonly type: 'slower' }
  | { readonly type: 'start' }
  | { readonly type: 'end' }
  /** Shows position `index` (a slider); stops playing. */
  | { readonly type: 'seek'; readonly index: number }
  /** The pace's timer: the next move while playing. */
  | { readonly type: 'tick' }
  | { readonly type: 'quit' }
  /** The analysis key: runs it, stops it while it runs, hides or shows it once done. */
  | { readonly type: 'analyse' }
  /** Shows the position the next (+1) or the previous (-1) mistake was played from. */
  | { readonly type: 'mistake'; readonly by: 1 | -1 }
  /** What the running analysis reports: how far it is, its answer, or why it failed. */
  | { readonly type: 'analysis-progress'; readonly progress: AnalysisProgress }
  | { readonly type: 'analysis-done'; readonly result: GameAnalysis }
  | { readonly type: 'analysis-failed'; readonly message: string };

/**
 * Whether a front-end offers the analysis: `offer` (a key runs it) or `start` (it runs at
 * once); without either, none.
 */
export type AnalysisOffer = 'offer' | 'start';

/** The solve's clock at each position of a replay (0 at the start), or null without move times. */
export function replayClock(replay: Replay): number[] | null {
  const g = replay.shared.game;
  if (g.kind !== 'puzzle' || !g.moveMs || g.moveMs.length !== replay.states.length - 1) return null;
  return clockAtMoves(g.moveMs);
}

/** The analysis starting to run: no move analysed yet. */
function running(replay: Replay): AnalysisState {
  return { status: 'running', stage: 'moves', done: 0, total: replay.states.length - 1 };
}

/** The analysis a replay starts with, for what the front-end offers. */
function initialAnalysis(replay: Replay, offer: AnalysisOffer | undefined): AnalysisState | null {
  if (offer === undefined) return null;
  const why = notAnalysable(replay);
  // Asked for at once, a game that cannot be analysed says why; merely offered, no key shows.
  if (why !== null) return offer === 'start' ? { status: 'failed', message: why } : null;
  return offer === 'start' ? running(replay) : { status: 'idle' };
}

/**
 * A replay at its start, playing: a code with move times at its own speed (or `pace`, one of
 * {@link TIMED_PACES}), any other at {@link DEFAULT_REPLAY_SPEED}; `analysis` when the
 * front-end can analyse it.
 */
export function initialModelReplay(
  replay: Replay,
  opts: { pace?: number; analysis?: AnalysisOffer } = {},
): ModelReplay {
  const clock = replayClock(replay);
  const chosen = TIMED_PACES.indexOf(opts.pace as (typeof TIMED_PACES)[number]);
  return {
    replay,
    clock,
    index: 0,
    playing: replay.states.length > 1,
    speed: clock ? (chosen >= 0 ? chosen : DEFAULT_TIMED_PACE) : DEFAULT_REPLAY_SPEED,
    quit: false,
    analysis: initialAnalysis(replay, opts.analysis),
  };
}

/** The analysis when done and shown, else null. */
export function shownAnalysis(m: ModelReplay): GameAnalysis | null {
  const a = m.analysis;
  return a?.status === 'done' && a.shown ? a.result : null;
}

/** What the analysis key does now (null: nothing, so it is not offered). */
export function analysisKeyAction(m: ModelReplay): 'analyse' | 'stop' | 'hide' | 'show' | null {
  const a = m.analysis;
  if (!a) return null;
  switch (a.status) {
    case 'idle':
      return 'analyse';
    case 'failed':
      return notAnalysable(m.replay) === null ? 'analyse' : null;
    case 'running':
      return 'stop';
    case 'done':
      return a.shown ? 'hide' : 'show';
  }
}

/** The position of the next (+1) or previous (-1) mistake, when the analysis shows one. */
export function mistakeTarget(m: ModelReplay, by: 1 | -1): number | null {
  const a = shownAnalysis(m);
  return a ? mistakeFrom(a, m.index, by) : null;
}

function updateAnalysis(m: ModelReplay, cmd: CommandReplay): ModelReplay {
  const a = m.analysis;
  if (!a) return m;
  switch (cmd.type) {
    case 'analyse': {
      const action = analysisKeyAction(m);
      if (action === 'analyse') return { ...m, analysis: running(m.replay) };
      if (action === 'stop') return { ...m, analysis: { status: 'idle' } };
      if (a.status === 'done') return { ...m, analysis: { ...a, shown: !a.shown } };
      return m;
    }
    case 'analysis-progress':
      return { ...m, analysis: progressed(a, cmd.progress) };
    case 'analysis-done':
      return a.status === 'running'
        ? { ...m, analysis: { status: 'done', result: cmd.result, shown: true } }
        : m;
    case 'analysis-failed':
      return a.status === 'running'
        ? { ...m, analysis: { status: 'failed', message: cmd.message } }
        : m;
    default:
      return m;
  }
}

/** The paces this replay can play at: multiples of the solve's speed, or moves a second. */
export function paces(m: ModelReplay): readonly number[] {
  return m.clock ? TIMED_PACES : REPLAY_SPEEDS;
}

/** A pace in words: "×0.25", "×1" for a replay with move times, "8/s" for another. */
export function paceLabel(m: ModelReplay, speed = m.speed): string {
  const v = paces(m)[speed]!;
  return m.clock ? `×${v}` : `${v}/s`;
}

/**
 * When position `index` shows while playing a replay with move times, in ms of the solve from
 * the start: its clock, the moves put back to show the start for {@link START_SHOWN_MS}.
 */
export function timelineAt(clock: readonly number[], index: number): number {
  const i = Math.max(0, Math.min(clock.length - 1, index));
  if (i === 0) return 0;
  return clock[i]! + Math.max(0, START_SHOWN_MS - clock[1]!);
}

/**
 * Wall-clock ms from position `index` to the next one while playing at the chosen pace
 * (infinite at the end: there is no next one).
 */
export function stepMs(m: ModelReplay, index = m.index): number {
  const v = paces(m)[m.speed]!;
  if (index >= lastIndex(m)) return Number.POSITIVE_INFINITY;
  if (!m.clock) return 1000 / v;
  return (timelineAt(m.clock, index + 1) - timelineAt(m.clock, index)) / v;
}

/** The solve's clock at the position on screen, and at the end ("3.456 of 12.345"), if known. */
export function clockText(m: ModelReplay): string | null {
  if (!m.clock) return null;
  return `${formatSolveTime(m.clock[m.index]!)} of ${formatSolveTime(m.clock.at(-1)!)}`;
}

/** The last position's index. */
export function lastIndex(m: ModelReplay): number {
  return m.replay.states.length - 1;
}

function at(m: ModelReplay, index: number, playing: boolean): ModelReplay {
  const i = Math.max(0, Math.min(lastIndex(m), index));
  return { ...m, index: i, playing: playing && i < lastIndex(m) };
}

export function updateReplay(m: ModelReplay, cmd: CommandReplay): ModelReplay {
  switch (cmd.type) {
    case 'play-pause':
      // Play from the start again once the end is reached.
      if (m.playing) return { ...m, playing: false };
      return at(m, m.index >= lastIndex(m) ? 0 : m.index, true);
    case 'step':
      return at(m, m.index + cmd.by, false);
    case 'tick':
      return m.playing ? at(m, m.index + 1, true) : m;
    case 'faster':
      return { ...m, speed: Math.min(paces(m).length - 1, m.speed + 1) };
    case 'slower':
      return { ...m, speed: Math.max(0, m.speed - 1) };
    case 'start':
      return at(m, 0, false);
    case 'end':
      return at(m, lastIndex(m), false);
    case 'seek':
      return at(m, Number.isInteger(cmd.index) ? cmd.index : m.index, false);
    case 'quit':
      return { ...m, quit: true, playing: false };
    case 'mistake': {
      const to = mistakeTarget(m, cmd.by);
      return to === null ? m : at(m, to, false);
    }
    case 'analyse':
    case 'analysis-progress':
    case 'analysis-done':
    case 'analysis-failed':
      return updateAnalysis(m, cmd);
  }
}

/** The replay command for a key, or null. */
export function keyReplay(k: KeyInput): CommandReplay | null {
  const key = bare(k);
  if (key === null) return null;
  // G (shift-g) jumps to the end, as in a pager; g to the start. N goes back to the previous
  // mistake as a pager's N to the previous match, n on to the next.
  if (k.key === 'G') return { type: 'end' };
  if (k.key === 'N') return { type: 'mistake', by: -1 };
  switch (key) {
    case ' ':
    case 'p':
    case 'Enter':
      return { type: 'play-pause' };
    case 'ArrowRight':
    case 'l':
    case 'd':
      return { type: 'step', by: 1 };
    case 'ArrowLeft':
    case 'h':
    case 'a':
      return { type: 'step', by: -1 };
    case '+':
    case '=':
    case 'ArrowUp':
      return { type: 'faster' };
    case '-':
    case '_':
    case 'ArrowDown':
      return { type: 'slower' };
    case 'Home':
    case 'g':
      return { type: 'start' };
    case 'End':
      return { type: 'end' };
    case 'q':
    case 'Escape':
      return { type: 'quit' };
    case 'i':
      return { type: 'analyse' };
    case 'n':
      return { type: 'mistake', by: 1 };
    default:
      return null;
  }
}

/** The keys of a replay, in words. */
export const REPLAY_KEYS =
  'space play/pause · ← → step · + − pace · Home/g start · End/G end · q quit';
