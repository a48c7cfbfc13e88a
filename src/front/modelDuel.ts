/**
 * The duel screen's state and its pure update, for every front-end: 2048 without luck, one
 * player slides while the other places each new tile, then the roles swap. Each player is a
 * person at the keyboard or the AI; a person placing moves a cursor and types 2 or 4. The
 * AI's actions come back in as commands, tagged with the duel they were asked for.
 */
import { type Duel, duelPlace, duelSlide, newDuel, type Player, whoIs } from '../engine/duel.ts';
import type { Direction, Pos } from '../engine/types.ts';
import { type OnlineSeats, seatNames } from './onlineSeats.ts';

export type PlayerKind = 'human' | 'ai';

export interface ModelDuel {
  readonly duel: Duel;
  /** Who plays each player (by the engine's player number). */
  readonly players: readonly [PlayerKind, PlayerKind];
  /** Where a person placing would put the tile. */
  readonly cursor: Pos;
  readonly overlay: 'help' | 'confirm-new' | null;
  readonly notice: string | null;
  readonly quit: boolean;
  /** Online: the seats' names and your side (the screen then acts only for yours). */
  readonly online?: OnlineSeats;
}

export type CommandDuel =
  | { readonly type: 'slide'; readonly dir: Direction }
  /** Moves the placing cursor one cell (it stops at the edges). */
  | { readonly type: 'cursor'; readonly dir: Direction }
  | { readonly type: 'cursor-at'; readonly at: Pos }
  /** Places a tile at the cursor (or `at`). */
  | { readonly type: 'place'; readonly value: 2 | 4; readonly at?: Pos }
  | { readonly type: 'new' }
  | { readonly type: 'new-confirmed' }
  | { readonly type: 'rematch' }
  | { readonly type: 'cancel' }
  | { readonly type: 'help' }
  | { readonly type: 'quit' }
  /** The AI's action for `duel` (dropped if the duel moved on). */
  | {
      readonly type: 'ai-action';
      readonly duel: Duel;
      readonly action:
        | { readonly kind: 'slide'; readonly dir: Direction }
        | { readonly kind: 'place'; readonly at: Pos; readonly value: 2 | 4 };
    }
  | { readonly type: 'ai-failed'; readonly message: string }
  /** Starts this duel with these players (chosen elsewhere). */
  | {
      readonly type: 'setup';
      readonly duel: Duel;
      readonly players: readonly [PlayerKind, PlayerKind];
    }
  | { readonly type: 'none' };

export function initialModelDuel(
  duel: Duel,
  players: readonly [PlayerKind, PlayerKind],
  notice: string | null = null,
): ModelDuel {
  const mid = Math.floor((duel.size - 1) / 2);
  return { duel, players, cursor: { row: mid, col: mid }, overlay: null, notice, quit: false };
}

/** The player who must act now, if the AI plays them. */
export function aiToAct(m: ModelDuel): Player | null {
  const t = whoIs(m.duel);
  return t.toAct !== null && m.players[t.toAct] === 'ai' ? t.toAct : null;
}

/** Names on screen: "You" and "AI" when one of each, else numbered. */
export function playerNames(players: readonly [PlayerKind, PlayerKind]): readonly [string, string] {
  if (players[0] !== players[1]) return players[0] === 'human' ? ['You', 'AI'] : ['AI', 'You'];
  const who = players[0] === 'ai' ? 'AI' : 'Player';
  return [`${who} 1`, `${who} 2`];
}

/** The names on this screen: the online seats', else by who plays. */
export function duelNames(m: ModelDuel): readonly [string, string] {
  return m.online ? seatNames(m.online) : playerNames(m.players);
}

/** Whether `who` acts away from this keyboard: the AI, or the other player online. */
export function actsElsewhere(m: ModelDuel, who: Player): boolean {
  return m.players[who] === 'ai' || (m.online !== undefined && m.online.you !== who);
}

/** The end of a duel in words, or null while it goes on. */
export function duelResultLine(m: ModelDuel): string | null {
  const w = m.duel.winner;
  if (w === null) return null;
  if (w === 'draw') return 'A draw: the same score and the same largest tile.';
  const name = duelNames(m)[w];
  return `${name} ${name === 'You' ? 'win' : 'wins'} the duel!`;
}

const STEP: Readonly<Record<Direction, Pos>> = {
  up: { row: -1, col: 0 },
  down: { row: 1, col: 0 },
  left: { row: 0, col: -1 },
  right: { row: 0, col: 1 },
};

function fresh(m: ModelDuel, seed: () => number): ModelDuel {
  const next = newDuel({ seed: seed(), size: m.duel.size });
  // The size was checked when the first duel began: it stays valid.
  if (!next.ok) throw new Error(`newDuel: ${next.error.message}`);
  return { ...initialModelDuel(next.value, m.players), notice: null };
}

/** Why a person's placement was refused, as a sentence. */
const REFUSED: Readonly<Record<string, string>> = {
  'occupied-cell': 'That cell is taken: place the tile on an empty cell.',
  'off-board': 'That cell is off the board.',
  'bad-value': 'Only a 2 or a 4 can be placed.',
};

function act(m: ModelDuel, action: CommandDuel & { type: 'slide' | 'place' }): ModelDuel {
  const r =
    action.type === 'slide'
      ? duelSlide(m.duel, action.dir)
      : duelPlace(m.duel, action.at ?? m.cursor, action.value);
  if (r.ok) return r.value === m.duel ? m : { ...m, duel: r.value };
  if (r.error.code === 'wrong-phase') {
    const placing = whoIs(m.duel).phase === 'place';
    return { ...m, notice: placing ? 'A tile is to be placed first.' : 'It is the slider’s turn.' };
  }
  return { ...m, notice: REFUSED[r.error.code] ?? r.error.message };
}

/** The next model after a command; `seed` gives the seed of a new duel. */
export function updateDuel(model: ModelDuel, cmd: CommandDuel, seed: () => number): ModelDuel {
  const m: ModelDuel = { ...model, notice: null };
  const n = m.duel.size;
  switch (cmd.type) {
    case 'none':
      return model;
    case 'quit':
      return { ...m, quit: true };
    case 'help':
      return { ...m, overlay: m.overlay === 'help' ? null : 'help' };
    case 'cancel':
      return { ...m, overlay: null };
    case 'new':
      if (m.duel.winner !== null || m.duel.log.length === 0) return fresh(m, seed);
      return { ...m, overlay: 'confirm-new' };
    case 'new-confirmed':
      return fresh(m, seed);
    case 'rematch':
      return m.duel.winner !== null ? fresh(m, seed) : m;
    case 'cursor': {
      const s = STEP[cmd.dir];
      const row = Math.min(n - 1, Math.max(0, m.cursor.row + s.row));
      const col = Math.min(n - 1, Math.max(0, m.cursor.col + s.col));
      return { ...m, cursor: { row, col } };
    }
    case 'cursor-at':
      return { ...m, cursor: cmd.at };
    case 'slide':
    case 'place':
      // The keyboard acts only for a person whose turn it is.
      if (aiToAct(m) !== null) return model;
      return act(m, cmd);
    case 'ai-action':
      if (cmd.duel !== m.duel || aiToAct(m) === null) return model;
      return cmd.action.kind === 'slide'
        ? act(m, { type: 'slide', dir: cmd.action.dir })
        : act(m, { type: 'place', value: cmd.action.value, at: cmd.action.at });
    case 'ai-failed':
      return { ...m, notice: `The AI failed: ${cmd.message}` };
    case 'setup':
      return { ...initialModelDuel(cmd.duel, cmd.players), notice: null };
  }
}
