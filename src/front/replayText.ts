/**
 * What a replay is, in words, for every front-end: who played what, with which rules, and how
 * it ended; and the screen models of a replay's position (the games' own screens show it).
 */
import { maxTile } from '../engine/game2048.ts';
import type { Puzzle } from '../engine/puzzle.ts';
import type { Shared } from '../engine/shareCode.ts';
import type { Replay } from '../engine/shareReplay.ts';
import { formatNumber, formatTime } from './format.ts';
import { initialModel2048, type Model2048 } from './model2048.ts';
import { duelResultLine, initialModelDuel, type ModelDuel, type PlayerKind } from './modelDuel.ts';
import { initialModelPuzzle, type ModelPuzzle, puzzleName } from './modelPuzzle.ts';
import { replayClock } from './modelReplay.ts';
import {
  initialModelVersus,
  type ModelVersus,
  type Opponent,
  resultLine,
  sideNames,
} from './modelVersus.ts';
import { isAiLevel } from './versusAi.ts';

/** Side 2 of a versus code ("human", "ai-hard"); a player when the label is unknown. */
export function opponentOf(s: Shared): Opponent {
  const level = s.players.startsWith('ai-') ? s.players.slice(3) : '';
  return isAiLevel(level) ? { kind: 'ai', level } : { kind: 'human' };
}

/** Who played each side of a duel code ("human,ai"); people when the label is unknown. */
export function duelPlayersOf(s: Shared): readonly [PlayerKind, PlayerKind] {
  const [a, b] = s.players.split(',');
  const kind = (x: string | undefined): PlayerKind => (x === 'ai' ? 'ai' : 'human');
  return [kind(a), kind(b)];
}

export type ReplayScreen =
  | { readonly kind: '2048'; readonly model: Model2048 }
  | { readonly kind: 'puzzle'; readonly model: ModelPuzzle }
  | { readonly kind: 'versus'; readonly model: ModelVersus }
  | { readonly kind: 'duel'; readonly model: ModelDuel };

/** The solve's clock of each replay (computed once: a screen is drawn at every move). */
const clocks = new WeakMap<Replay, number[] | null>();

/**
 * The puzzle at position `index` of a replay, its timer stopped at the solve's clock there when
 * the code has move times (else as re-simulated: 0).
 */
function puzzleAt(r: Replay & { kind: 'puzzle' }, index: number): Puzzle {
  const p = r.states[index]!;
  if (!clocks.has(r)) clocks.set(r, replayClock(r));
  const at = clocks.get(r)?.[index];
  if (at === undefined) return p;
  return { ...p, clock: { elapsedMs: at, runningSince: null, started: index > 0, paused: false } };
}

/** The game's own screen model for the replay's position `index`. */
export function replayScreen(r: Replay, index: number): ReplayScreen {
  const s = r.shared;
  switch (r.kind) {
    case '2048': {
      const game = r.states[index]!;
      const best = r.states.at(-1)!.score;
      const evil = s.game.kind === '2048' && s.game.evil;
      return { kind: '2048', model: initialModel2048(game, best, null, evil) };
    }
    case 'puzzle':
      return {
        kind: 'puzzle',
        model: initialModelPuzzle(puzzleAt(r, index), {}, { assisted: s.assisted }),
      };
    case 'versus':
      return { kind: 'versus', model: initialModelVersus(r.states[index]!, opponentOf(s)) };
    case 'duel':
      return { kind: 'duel', model: initialModelDuel(r.states[index]!, duelPlayersOf(s)) };
  }
}

/** Who helped, when someone did. */
function helped(r: Replay): string {
  if (!r.shared.assisted) return '';
  return r.kind === 'puzzle' ? ' · the solver helped' : ' · the AI helped';
}

/** One line on the replayed game: rules, seed, length and how it ended. */
export function replaySummary(r: Replay): string {
  const g = r.shared.game;
  const moves = (n: number) => `${formatNumber(n)} move${n === 1 ? '' : 's'}`;
  switch (r.kind) {
    case '2048': {
      const end = r.states.at(-1)!;
      const evil = g.kind === '2048' && g.evil ? ' · evil spawns' : '';
      return `2048 · ${end.size}×${end.size} · target ${formatNumber(end.target)}${evil} · seed ${end.seed} · ${moves(end.moves)} · score ${formatNumber(end.score)} · largest ${formatNumber(maxTile(end.cells))}${end.over ? ' · game over' : ''}${helped(r)}`;
    }
    case 'puzzle': {
      const end = r.states.at(-1)!;
      const time = g.kind === 'puzzle' && g.timeMs !== null ? ` · ${formatTime(g.timeMs)}` : '';
      return `${puzzleName(end.width)} · ${end.width}×${end.width} · seed ${end.seed} · ${moves(end.moves)}${time}${end.solved ? ' · solved' : ' · not solved'}${helped(r)}`;
    }
    case 'versus': {
      const m = initialModelVersus(r.states.at(-1)!, opponentOf(r.shared));
      const [a, b] = sideNames(m.opponent);
      const [ga, gb] = m.match.games;
      const end = resultLine(m) ?? 'not finished';
      return `Versus · ${m.match.rules.size}×${m.match.rules.size} · first to ${formatNumber(m.match.rules.target)} · ${a} ${formatNumber(ga.score)} – ${formatNumber(gb.score)} ${b} · ${end}`;
    }
    case 'duel': {
      const m = initialModelDuel(r.states.at(-1)!, duelPlayersOf(r.shared));
      return `Duel · ${m.duel.size}×${m.duel.size} · seed ${m.duel.seed} · ${formatNumber(m.duel.log.length)} turns · ${duelResultLine(m) ?? 'not finished'}`;
    }
  }
}
