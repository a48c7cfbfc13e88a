/**
 * Watching a replay, for every front-end: the re-simulated game of a share code, the move on
 * screen, playing or paused, and the pace; its pure update and its keys. The positions come
 * from the engine's re-simulation, so what is shown is exactly what the rules produce.
 */
import type { Replay } from '../engine/shareReplay.ts';
import { bare, type KeyInput } from './keymap.ts';

/** Replay paces, in moves a second. */
export const REPLAY_SPEEDS = [1, 2, 4, 8, 16, 32, 64] as const;
export const DEFAULT_REPLAY_SPEED = 2;

export interface ModelReplay {
  readonly replay: Replay;
  /** The position on screen: 0 is the start, `replay.states.length - 1` the end. */
  readonly index: number;
  readonly playing: boolean;
  /** Index into {@link REPLAY_SPEEDS}. */
  readonly speed: number;
  readonly quit: boolean;
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
  | { readonly type: 'quit' };

/** A replay at its start, playing. */
export function initialModelReplay(replay: Replay): ModelReplay {
  return {
    replay,
    index: 0,
    playing: replay.states.length > 1,
    speed: DEFAULT_REPLAY_SPEED,
    quit: false,
  };
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
      return { ...m, speed: Math.min(REPLAY_SPEEDS.length - 1, m.speed + 1) };
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
  }
}

/** The replay command for a key, or null. */
export function keyReplay(k: KeyInput): CommandReplay | null {
  const key = bare(k);
  if (key === null) return null;
  // G (shift-g) jumps to the end, as in a pager; g to the start.
  if (k.key === 'G') return { type: 'end' };
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
    default:
      return null;
  }
}

/** The keys of a replay, in words. */
export const REPLAY_KEYS =
  'space play/pause · ← → step · + − pace · Home/g start · End/G end · q quit';
