/**
 * Online rooms, for every side of them: room codes, the actions of a match as short texts, the
 * match a room's log stands for (the rules engine's versus and duel), and the messages of the
 * room's WebSocket (`/api/rooms/socket`).
 *
 * The server deals: it draws each match's seed and keeps it to itself until the match has a
 * result. It applies every action through {@link applyAction} on the seeded match; a client
 * never has the seed, so it starts from the boards the server sends ({@link MatchStart},
 * {@link startFrom}) and applies each action with the tile the server dealt for it
 * ({@link applyDealt}). A client shows its own move at once with {@link previewAction}: the
 * slide, its tile once the server deals it.
 *
 * A log is a list of actions, each a short text: the side (`0` or `1`) then what it did —
 * `u d l r` a slide, `pRCV` a duel placement (row, column from 0, value 2 or 4). As the server
 * sends it, a versus slide is followed by the tile it dealt: `/RC` then the value (`0l/232`:
 * side 0 slid left, and a 2 appeared at row 2, column 3).
 */
import { type Duel, duelPlace, duelSlide, duelWithFirst, newDuel, whoIs } from '../engine/duel.ts';
import type { Cells } from '../engine/game2048.ts';
import { err, ok, type Problem, problem, type Result } from '../engine/result.ts';
import type { Seed } from '../engine/rng.ts';
import { DIRECTIONS, type Direction } from '../engine/types.ts';
import {
  type DealtTile,
  newVersus,
  type Side,
  type VersusMatch,
  versusDealSlid,
  versusDealt,
  versusFromCells,
  versusMove,
  versusSlide,
} from '../engine/versus.ts';
import { jsonMessage } from './jsonMessage.ts';

export type RoomKind = 'versus' | 'duel';
export type { Side };

/** Room codes: these letters and digits only (no 0/O, 1/I/L, 5/S, 8/B, 2/Z, U/V look-alikes). */
export const ROOM_ALPHABET = 'ACDEFGHJKMNPQRTWXY34679';
export const ROOM_CODE_LENGTH = 7;

/** A fresh random room code. */
export function newRoomCode(): string {
  const bytes = new Uint8Array(ROOM_CODE_LENGTH * 2);
  crypto.getRandomValues(bytes);
  let code = '';
  for (let i = 0; code.length < ROOM_CODE_LENGTH; i++) {
    // 23 letters: a byte pair mod 23 is as good as uniform (65,536 / 23 leaves a bias of 0.04%).
    const n = (bytes[i * 2]! << 8) | bytes[i * 2 + 1]!;
    code += ROOM_ALPHABET[n % ROOM_ALPHABET.length];
  }
  return code;
}

/**
 * A room code as a player may type or paste it (lower case, spaces or dashes, a whole link with
 * `#room=CODE`), as the server knows it; or a sentence saying why it is not one.
 */
export function readRoomCode(input: unknown): Result<string, Problem<'bad-room'>> {
  if (typeof input !== 'string') return err(problem('bad-room', 'a room code is text'));
  const linked = /#room=([^&\s]*)/.exec(input);
  const code = (linked ? decodeURIComponentSafe(linked[1]!) : input)
    .toUpperCase()
    .replace(/[\s-]/g, '');
  if (code.length !== ROOM_CODE_LENGTH || ![...code].every((c) => ROOM_ALPHABET.includes(c))) {
    return err(
      problem(
        'bad-room',
        `a room code is ${ROOM_CODE_LENGTH} letters and digits such as ${'ACDE479'.slice(0, ROOM_CODE_LENGTH)}`,
      ),
    );
  }
  return ok(code);
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The rules of a room's match, as everyone may know them (the seed is the server's). */
export interface RoomRules {
  readonly kind: RoomKind;
  readonly size: number;
  /** Versus: the winning tile; duel: null. */
  readonly target: number | null;
  /** Versus: the largest attack, or null for none; duel: null. */
  readonly attackCap: number | null;
  /**
   * Duel: the time each decision may take (s): a player who lets it run out loses the match
   * (`reason: 'time'`), on the server's clock. Versus: null (absent from older servers).
   */
  readonly turnTime?: number | null;
}

/** The rules with the match's seed: the server's, and anyone's once the match has a result. */
export interface SeededRules extends RoomRules {
  readonly seed: Seed;
}

/** The version of the room protocol: a hello names it, and the server takes only its own. */
export const ROOM_PROTOCOL = 2;

/**
 * How a match starts, as the server tells it without the seed. Versus: the cells both boards
 * start with (the same two tiles). Duel: the player who slides in the first round (the only
 * thing the seed decides; the boards start empty).
 */
export type MatchStart =
  | { readonly kind: 'versus'; readonly cells: Cells }
  | { readonly kind: 'duel'; readonly first: Side };

export type { DealtTile };

/** What one side does: a slide, or (duel) a placement. */
export type RoomAction =
  | { readonly kind: 'slide'; readonly dir: Direction }
  | { readonly kind: 'place'; readonly row: number; readonly col: number; readonly value: 2 | 4 };

const DIR_LETTERS = 'udlr';

/** An action as its text, without the side: `l`, `p234`. */
export function actionText(a: RoomAction): string {
  return a.kind === 'slide'
    ? DIR_LETTERS[DIRECTIONS.indexOf(a.dir)]!
    : `p${a.row}${a.col}${a.value === 2 ? 2 : 4}`;
}

/** The action a text stands for, or null. */
export function readAction(text: unknown): RoomAction | null {
  if (typeof text !== 'string') return null;
  if (text.length === 1) {
    const i = DIR_LETTERS.indexOf(text);
    return i < 0 ? null : { kind: 'slide', dir: DIRECTIONS[i]! };
  }
  const m = /^p([0-7])([0-7])([24])$/.exec(text);
  if (!m) return null;
  return { kind: 'place', row: Number(m[1]), col: Number(m[2]), value: m[3] === '2' ? 2 : 4 };
}

/** A logged action: `0l`, `1p234`. */
export interface LoggedAction {
  readonly side: Side;
  readonly action: RoomAction;
}

export function loggedText(l: LoggedAction): string {
  return `${l.side}${actionText(l.action)}`;
}

export function readLogged(text: unknown): LoggedAction | null {
  if (typeof text !== 'string' || (text[0] !== '0' && text[0] !== '1')) return null;
  const action = readAction(text.slice(1));
  return action ? { side: text[0] === '0' ? 0 : 1, action } : null;
}

/** A room's match as the engine plays it. */
export type RoomMatch =
  | { readonly kind: 'versus'; readonly match: VersusMatch }
  | { readonly kind: 'duel'; readonly duel: Duel };

export type RoomProblem = Problem<
  'bad-rules' | 'bad-action' | 'not-your-turn' | 'match-over' | 'illegal'
>;

/** The match at its start (the server's: it knows the seed). */
export function startMatch(rules: SeededRules): Result<RoomMatch, RoomProblem> {
  if (rules.kind === 'versus') {
    const m = newVersus({
      seed: rules.seed,
      size: rules.size,
      target: rules.target ?? undefined,
      attackCap: rules.attackCap,
    });
    return m.ok
      ? ok({ kind: 'versus', match: m.value })
      : err(problem('bad-rules', m.error.message));
  }
  const d = newDuel({ seed: rules.seed, size: rules.size });
  return d.ok ? ok({ kind: 'duel', duel: d.value }) : err(problem('bad-rules', d.error.message));
}

/** What a client is told of a match's start: its boards, not its seed. */
export function startOf(m: RoomMatch): MatchStart {
  return m.kind === 'versus'
    ? { kind: 'versus', cells: m.match.games[0].cells }
    : { kind: 'duel', first: m.duel.first };
}

/**
 * The match at its start as a client makes it without the seed: from the rules and the start
 * the server sent. Its tiles come with the actions ({@link applyDealt}).
 */
export function startFrom(rules: RoomRules, start: MatchStart): Result<RoomMatch, RoomProblem> {
  if (rules.kind !== start?.kind) {
    return err(problem('bad-rules', `a ${rules.kind} room's match cannot start as another kind`));
  }
  if (start.kind === 'versus') {
    const m = versusFromCells(
      { size: rules.size, target: rules.target ?? undefined, attackCap: rules.attackCap },
      start.cells,
    );
    return m.ok
      ? ok({ kind: 'versus', match: m.value })
      : err(problem('bad-rules', m.error.message));
  }
  const d = duelWithFirst({ size: rules.size }, start.first);
  return d.ok ? ok({ kind: 'duel', duel: d.value }) : err(problem('bad-rules', d.error.message));
}

/**
 * The tile the dealer spawned with the action `side` just took to make `m` (a versus slide),
 * or null (a duel's actions deal nothing: the placer chooses every tile).
 */
export function dealtBy(m: RoomMatch, side: Side): DealtTile | null {
  return m.kind === 'versus' ? (m.match.games[side].spawned[0] ?? null) : null;
}

/** A logged action and the tile it dealt, as the server sends it. */
export interface DealtAction extends LoggedAction {
  readonly tile: DealtTile | null;
}

/** A logged action with the tile it dealt, as its text: `0l/232`, `1p234`. */
export function dealtText(l: LoggedAction, tile: DealtTile | null): string {
  const text = loggedText(l);
  return tile ? `${text}/${tile.at.row}${tile.at.col}${tile.value}` : text;
}

/** The logged action and dealt tile a text stands for, or null. */
export function readDealt(text: unknown): DealtAction | null {
  if (typeof text !== 'string') return null;
  const cut = text.indexOf('/');
  const l = readLogged(cut < 0 ? text : text.slice(0, cut));
  if (!l) return null;
  if (cut < 0) return { ...l, tile: null };
  const m = /^([0-7])([0-7])([1-9][0-9]{0,15})$/.exec(text.slice(cut + 1));
  if (!m) return null;
  return { ...l, tile: { at: { row: Number(m[1]), col: Number(m[2]) }, value: Number(m[3]) } };
}

/** Whether the match is decided by play. */
export function matchOver(m: RoomMatch): boolean {
  return m.kind === 'versus' ? m.match.over : m.duel.phase === 'over';
}

/** The winner by play (a side or 'draw'), or null while it goes on. */
export function matchWinner(m: RoomMatch): Side | 'draw' | null {
  return m.kind === 'versus' ? m.match.winner : m.duel.winner;
}

/** The side to act now in a duel (null once over); in versus, either side may move: null. */
export function sideToAct(m: RoomMatch): Side | null {
  return m.kind === 'duel' ? whoIs(m.duel).toAct : null;
}

/**
 * `side` does `action`: the match after it, the same match when it changes nothing (a slide
 * that moves no tile), or why it is refused (out of turn, a placement in versus, an occupied
 * cell, the match over).
 */
export function applyAction(
  m: RoomMatch,
  side: Side,
  action: RoomAction,
): Result<RoomMatch, RoomProblem> {
  if (matchOver(m)) return err(problem('match-over', 'the match is over: no more moves'));
  if (m.kind === 'versus') {
    if (action.kind !== 'slide') {
      return err(problem('bad-action', 'in versus a player only slides'));
    }
    const next = versusMove(m.match, side, action.dir);
    if (!next.ok) return err(problem('illegal', next.error.message));
    return next.value === m.match ? ok(m) : ok({ kind: 'versus', match: next.value });
  }
  const turn = whoIs(m.duel);
  if (turn.toAct !== side) {
    return err(
      problem(
        'not-your-turn',
        `it is the other player's turn to ${turn.phase === 'slide' ? 'slide' : 'place a tile'}`,
      ),
    );
  }
  if (action.kind !== turn.phase) {
    return err(
      problem(
        'not-your-turn',
        turn.phase === 'slide'
          ? 'you are the slider this turn: slide, do not place'
          : 'you are the placer this turn: place a 2 or a 4 on an empty cell',
      ),
    );
  }
  const next =
    action.kind === 'slide'
      ? duelSlide(m.duel, action.dir)
      : duelPlace(m.duel, { row: action.row, col: action.col }, action.value);
  if (!next.ok) return err(problem('illegal', next.error.message));
  return next.value === m.duel ? ok(m) : ok({ kind: 'duel', duel: next.value });
}

/**
 * `side` does `action` as the server took it, with the tile it dealt: a client's way of
 * following the match without the seed. A versus slide needs its tile; a duel action has none.
 * Refused like {@link applyAction}, and when the tile is missing or not one the rules allow.
 */
export function applyDealt(
  m: RoomMatch,
  side: Side,
  action: RoomAction,
  tile: DealtTile | null,
): Result<RoomMatch, RoomProblem> {
  if (m.kind === 'duel' || action.kind !== 'slide') {
    if (tile !== null) return err(problem('bad-action', 'only a versus slide deals a tile'));
    return applyAction(m, side, action);
  }
  if (matchOver(m)) return err(problem('match-over', 'the match is over: no more moves'));
  if (tile === null) return err(problem('bad-action', 'a versus slide comes with its tile'));
  const next = versusDealt(m.match, side, action.dir, tile);
  if (!next.ok) return err(problem('illegal', next.error.message));
  return next.value === m.match ? ok(m) : ok({ kind: 'versus', match: next.value });
}

/**
 * `side`'s action as a client shows it before the server has dealt its tile: a versus slide
 * without its tile (see the engine's `versusSlide`); a duel action as it is (it deals nothing).
 * Refused like {@link applyAction}.
 */
export function previewAction(
  m: RoomMatch,
  side: Side,
  action: RoomAction,
): Result<RoomMatch, RoomProblem> {
  if (m.kind === 'duel' || action.kind !== 'slide') return applyAction(m, side, action);
  if (matchOver(m)) return err(problem('match-over', 'the match is over: no more moves'));
  const next = versusSlide(m.match, side, action.dir);
  if (!next.ok) return err(problem('illegal', next.error.message));
  return next.value === m.match ? ok(m) : ok({ kind: 'versus', match: next.value });
}

/**
 * The tile the server dealt for `side`'s slide that `preview` shows without it (made by
 * {@link previewAction}): the match {@link applyDealt} makes, its boards those of the preview
 * but for the tile, so a picture of the slide only adds the tile. Refused when `preview` is not
 * a versus slide of `side` waiting for its tile, or the tile is not one the rules allow.
 */
export function dealOnPreview(
  preview: RoomMatch,
  side: Side,
  tile: DealtTile,
): Result<RoomMatch, RoomProblem> {
  if (preview.kind !== 'versus') return err(problem('bad-action', 'only a versus slide deals'));
  const next = versusDealSlid(preview.match, side, tile);
  if (!next.ok) return err(problem('illegal', next.error.message));
  return ok({ kind: 'versus', match: next.value });
}

/**
 * The match a client makes of a start and a log as the server sent them (texts with their
 * dealt tiles); every action must be legal, come with the tile the rules allow, and change
 * the match.
 */
export function replayDealt(
  rules: RoomRules,
  start: MatchStart,
  log: readonly string[],
): Result<RoomMatch, RoomProblem> {
  const first = startFrom(rules, start);
  if (!first.ok) return first;
  let m = first.value;
  for (const [i, text] of log.entries()) {
    const d = readDealt(text);
    if (!d) return err(problem('bad-action', `action ${i + 1} is not an action: ${text}`));
    const next = applyDealt(m, d.side, d.action, d.tile);
    if (!next.ok) return err(problem('bad-action', `action ${i + 1}: ${next.error.message}`));
    if (next.value === m) return err(problem('bad-action', `action ${i + 1} changes nothing`));
    m = next.value;
  }
  return ok(m);
}

/** The match a log stands for; every action must be legal and change the match. */
export function replayLog(
  rules: SeededRules,
  log: readonly LoggedAction[],
): Result<RoomMatch, RoomProblem> {
  const start = startMatch(rules);
  if (!start.ok) return start;
  let m = start.value;
  for (const [i, l] of log.entries()) {
    const next = applyAction(m, l.side, l.action);
    if (!next.ok) return err(problem('bad-action', `action ${i + 1}: ${next.error.message}`));
    if (next.value === m) return err(problem('bad-action', `action ${i + 1} changes nothing`));
    m = next.value;
  }
  return ok(m);
}

// ---------------------------------------------------------------- messages

/**
 * How a match ended: by play, a seat left empty too long (forfeit), or (duel) a decision not
 * taken in its time (time).
 */
export interface MatchResult {
  readonly winner: Side | 'draw';
  readonly reason: 'play' | 'forfeit' | 'time';
  /** The finished match's share code (`slidebox replay CODE`, `#replay=CODE`). */
  readonly code: string;
  /** The match's seed, kept by the server until now: every tile dealt follows from it. */
  readonly seed: Seed;
}

/** A seat as everyone sees it. */
export interface SeatInfo {
  /** The player's name, or null while the seat is free. */
  readonly name: string | null;
  /** Whether the player is connected now. */
  readonly connected: boolean;
  /** When an empty seat forfeits (ms since 1970), or null. */
  readonly forfeitAt: number | null;
}

/** A room as a client sees it. */
export interface RoomInfo {
  readonly code: string;
  readonly rules: RoomRules;
}

/**
 * What the server sends. Nothing before a match's result tells its seed or a tile not dealt
 * yet: the match's start is sent as boards, and each action with the tile it dealt.
 */
export type ServerMessage =
  /** The answer to `hello`: the room, your side (null: you watch) and, when just given, your seat token. */
  | {
      readonly type: 'welcome';
      readonly room: RoomInfo;
      readonly you: Side | null;
      readonly seat: string | null;
      /**
       * Which server process referees the room now (an opaque id, new each time a process
       * starts): a client that finds another one after reconnecting knows the match went on on
       * another process, from where its last answered action left it. Absent from older servers.
       */
      readonly referee?: string;
    }
  /** The whole match: sent after `welcome` and when a new match starts. */
  | {
      readonly type: 'state';
      readonly match: number;
      readonly rules: RoomRules;
      /** The match's start: its boards (versus) or its first slider (duel). */
      readonly start: MatchStart;
      /** The actions taken, with the tiles they dealt (`0l/232`). */
      readonly log: readonly string[];
      /** The last of your action ids the server has taken (applied or not). */
      readonly lastId: number;
      readonly seats: readonly SeatInfo[];
      readonly result: MatchResult | null;
      readonly rematch: readonly [boolean, boolean];
      /**
       * Duel with a time per decision: when the side to act loses on time (ms since 1970, the
       * server's clock), or null (no clock running: the match over, a seat still free).
       */
      readonly deadline?: number | null;
    }
  /**
   * An action applied, in order (`seq` from 1 in each match), with the tile it dealt (`0l/232`);
   * `id` is the mover's own id.
   */
  | {
      readonly type: 'action';
      readonly match: number;
      readonly seq: number;
      readonly a: string;
      readonly id: number;
      /** Duel with a time per decision: the next decision's deadline (as in `state`). */
      readonly deadline?: number | null;
    }
  /** One of your actions that changed nothing on the server's board (taken, not logged). */
  | { readonly type: 'ignored'; readonly id: number }
  /** One of your messages refused: nothing changed. */
  | {
      readonly type: 'refused';
      readonly id: number | null;
      readonly code: string;
      readonly message: string;
    }
  /** The seats; a duel's clock starts once both are taken (its deadline, as in `state`). */
  | {
      readonly type: 'seats';
      readonly seats: readonly SeatInfo[];
      readonly deadline?: number | null;
    }
  | { readonly type: 'end'; readonly match: number; readonly result: MatchResult }
  | { readonly type: 'rematch'; readonly offers: readonly [boolean, boolean] };

/** What a client sends. */
export type ClientMessage =
  /**
   * The first message: the protocol ({@link ROOM_PROTOCOL}), the room, and the seat token to take
   * your seat back; without one, a free seat is taken (with `name`) unless `watch`, else you watch.
   * `player` is the player's key (as on the leaderboards): a seat taken with one counts its
   * matches for that player's record (the server keeps only its SHA-256).
   */
  | {
      readonly type: 'hello';
      readonly protocol: number;
      readonly room: string;
      readonly seat?: string;
      readonly name?: string;
      readonly watch?: boolean;
      readonly player?: string;
    }
  /** An action of your side; `id` grows with every action you send (from the state's `lastId`). */
  | { readonly type: 'act'; readonly id: number; readonly a: string }
  /** Offer (or accept) a rematch once the match is over. */
  | { readonly type: 'rematch' };

/** The longest message either side accepts from the other, in bytes. */
export const MESSAGE_MAX = 1024;

/** A client's message as the server reads it, or null when it is not one. */
export function readClientMessage(text: string): ClientMessage | null {
  const read = jsonMessage(text);
  if (!read) return null;
  const { m, only } = read;
  switch (m.type) {
    case 'hello':
      if (!only('type', 'protocol', 'room', 'seat', 'name', 'watch', 'player')) return null;
      if (m.protocol !== ROOM_PROTOCOL || typeof m.room !== 'string') return null;
      if (m.seat !== undefined && typeof m.seat !== 'string') return null;
      if (m.name !== undefined && typeof m.name !== 'string') return null;
      if (m.watch !== undefined && typeof m.watch !== 'boolean') return null;
      if (m.player !== undefined && typeof m.player !== 'string') return null;
      return m as ClientMessage;
    case 'act':
      if (!only('type', 'id', 'a')) return null;
      if (!Number.isSafeInteger(m.id) || (m.id as number) < 1) return null;
      return readAction(m.a) ? (m as ClientMessage) : null;
    case 'rematch':
      return only('type') ? { type: 'rematch' } : null;
    default:
      return null;
  }
}

/** WebSocket close codes the server uses (4000–4999 are the application's). */
export const CLOSE = {
  /**
   * Not a message of this protocol (bad JSON, unknown type, a hello of another protocol version,
   * hello twice, act before hello).
   */
  badMessage: 4400,
  /** A seat token that is not this room's. */
  badSeat: 4403,
  /** No room has that code. */
  noRoom: 4404,
  /** No hello within the time allowed. */
  slow: 4408,
  /** Far too many messages. */
  tooFast: 4429,
  /** The same seat connected again elsewhere: this older connection is closed. */
  replaced: 4409,
  /** The server is stopping. */
  goingAway: 1001,
} as const;
