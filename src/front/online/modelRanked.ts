/**
 * A ranked game (2048 or the puzzle) as every front-end shows it, from the ranked client's view
 * (src/net/rankedClient.ts): the model the loop keeps (front/online/controllerRanked.ts), and
 * the picture the terminal, line mode and the web draw from it — the board shown (the server's,
 * with your moves not answered yet on top, marked as pending while any are), the figures as the
 * server confirmed them (a pending move's points and moves are not counted before its answer),
 * the server's clock, the result. Pure: the screens draw it, none decides it.
 */

import type { Game } from '../../engine/game2048.ts';
import type { Puzzle } from '../../engine/puzzle.ts';
import type { RankedBoard, RankedKind, RankedResult } from '../../net/ranked.ts';
import type { RankedView } from '../../net/rankedClient.ts';

export interface ModelRanked {
  readonly kind: RankedKind;
  /** The client's view (null before the client is made). */
  readonly view: RankedView | null;
  /** The server's board has been seen on this run (a resumed game's kept board is not shown before). */
  readonly synced: boolean;
  readonly overlay: 'help' | 'confirm-resign' | null;
  /** A key did nothing because the connection was not open; said until the connection changes. */
  readonly refused: boolean;
  /** A resignation was sent and its result has not come. */
  readonly resigning: boolean;
  /** Arrow keys name where the puzzle's gap goes. */
  readonly invert: boolean;
  /** A line said until the first move (a resumed game says so). */
  readonly notice: string | null;
  readonly quit: boolean;
}

/** A ranked game before its client is made. */
export function initialModelRanked(
  kind: RankedKind,
  o: { readonly invert?: boolean; readonly notice?: string | null } = {},
): ModelRanked {
  return {
    kind,
    view: null,
    synced: false,
    overlay: null,
    refused: false,
    resigning: false,
    invert: o.invert === true,
    notice: o.notice ?? null,
    quit: false,
  };
}

/** Whether the game is over: its result came, or the server's board says so. */
export function rankedOver(m: ModelRanked): boolean {
  return m.view !== null && (m.view.result !== null || m.view.confirmed.over);
}

/** What a ranked screen draws of the game. */
export interface RankedPicture {
  readonly kind: RankedKind;
  /** The board shown: the server's with your moves not answered yet on top. */
  readonly board: RankedBoard;
  /** 2048: the engine game of the board shown (for renderers); null for the puzzle. */
  readonly game: Game | null;
  /** The puzzle: the engine puzzle of the board shown; null for 2048. */
  readonly puzzle: Puzzle | null;
  /** The server's board: what it took, nothing of yours on top. */
  readonly confirmed: RankedBoard;
  /** 2048: the score the server counted (a pending slide's points not added); null for the puzzle. */
  readonly points: number | null;
  /**
   * The moves the server took: 2048's move count, the puzzle's moves as it counts them (its
   * score); a pending move is not counted.
   */
  readonly moves: number;
  /** Your moves not answered yet (sent, and 2048's waiting for the tile before them). */
  readonly pending: number;
  /** Whether the board is drawn marked as pending (it shows moves the server has not taken). */
  readonly marked: boolean;
  /** The server's clock now (ms from the deal), as well as the client can tell. */
  readonly elapsedMs: number;
  readonly over: boolean;
  readonly result: RankedResult | null;
}

/**
 * The picture of a model at `now` (the local clock the client's view is stamped with); null
 * before the server's board has been seen on this run.
 */
export function rankedPicture(m: ModelRanked, now: number): RankedPicture | null {
  const v = m.view;
  if (!v || !m.synced) return null;
  return pictureOf(v, now);
}

/** The picture of a client's view (a screen that keeps the view itself: a game kept as ended). */
export function pictureOf(v: RankedView, now: number): RankedPicture {
  const c = v.confirmed;
  const over = v.result !== null || c.over;
  const pending = v.pending + v.queued;
  return {
    kind: c.kind,
    board: v.board,
    game: v.game,
    puzzle: v.puzzle,
    confirmed: c,
    points: c.kind === '2048' ? c.score : null,
    moves: c.kind === '2048' ? c.moves : c.score,
    pending,
    marked: pending > 0,
    elapsedMs: over ? c.elapsedMs : v.clock.ms + Math.max(0, now - v.clock.at),
    over,
    result: v.result,
  };
}
