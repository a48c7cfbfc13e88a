/**
 * The web app's settings: which game, the board sizes, the 2048 target and spawns, the puzzle's
 * picture mode and controls, its relays and marathons, the autoplay speed, and who plays versus
 * and duel with which rules. Read back leniently: a field that is wrong falls back to its
 * default (and says so), so a bad settings entry never stops the app; a field missing from older
 * settings takes its default quietly.
 */
import { DEFAULT_SIZE, DEFAULT_TARGET } from '../../engine/game2048.ts';
import { DEFAULT_WIDTH } from '../../engine/puzzle.ts';
import { DEFAULT_VERSUS_TARGET, MAX_SIZE, MIN_SIZE } from '../../engine/types.ts';
import { AUTOPLAY_DELAYS, DEFAULT_SPEED } from '../../front/model2048.ts';
import type { PlayerKind } from '../../front/modelDuel.ts';
import { AI_LEVELS, type AiLevel } from '../../front/versusAi.ts';

export const GAMES = ['2048', 'puzzle', 'versus', 'duel'] as const;
export type GameKind = (typeof GAMES)[number];

/** Targets offered for 2048 (the engine takes any power of two from 8). */
export const TARGETS = [256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536] as const;

/** What the puzzle's tiles show: numbers on plain tiles, the built-in picture, or the player's. */
export const PICTURES = ['none', 'builtin', 'custom'] as const;
export type PictureMode = (typeof PICTURES)[number];

/** Where 2048's new tiles come from: the seeded draw, or the placer AI at its worst. */
export const SPAWNS = ['natural', 'evil'] as const;
export type Spawns = (typeof SPAWNS)[number];

/** Who plays versus side 2: a second player at the same keyboard or screen, or the AI. */
export const VERSUS_OPPONENTS = ['human', ...AI_LEVELS] as const;
export type VersusOpponent = 'human' | AiLevel;

/** Versus match targets offered (the engine takes any power of two from 16); 32 is a quick match. */
export const VERSUS_TARGETS = [32, 64, 128, 256, 512, 1024, 2048] as const;

/** Attack caps offered for versus (0: no cap, a merge sends its whole tile). */
export const VERSUS_CAPS = [0, 8, 16, 32] as const;

const PLAYER_KINDS: readonly PlayerKind[] = ['human', 'ai'];

/** How the pointer moves the puzzle's tiles: a click (or tap), or as it passes over them. */
export const PUZZLE_CONTROLS = ['click', 'hover'] as const;
export type PuzzleControl = (typeof PUZZLE_CONTROLS)[number];

/** The puzzle series the puzzle card starts: a relay of sizes, or a marathon of one size. */
export type SeriesKind = 'relay' | 'marathon';

/** The sizes a relay can run up to (from 3×3). */
export const RELAY_SIZES = [4, 5, 6, 7, 8] as const;

/** The marathon lengths offered (puzzles of the card's size in a row). */
export const MARATHON_COUNTS = [3, 5, 10, 12, 25, 50, 100] as const;

export const SETTINGS_KIND = 'slidebox/web-settings';
export const SETTINGS_VERSION = 1;

export interface Settings {
  readonly game: GameKind;
  /** 2048 board size. */
  readonly size: number;
  /** 2048 target for new games. */
  readonly target: number;
  /** Puzzle board width. */
  readonly width: number;
  readonly picture: PictureMode;
  /** Show numbers on picture tiles. */
  readonly numbers: boolean;
  /** Index into the autoplay delays. */
  readonly speed: number;
  /** 2048's new tiles: natural, or evil (the placer AI chooses them). */
  readonly spawns: Spawns;
  readonly versusOpponent: VersusOpponent;
  readonly versusTarget: number;
  /** The largest attack a merge sends (0: no cap). */
  readonly versusCap: number;
  /** Who slides first in a duel (the other places, then the roles swap). */
  readonly duelSlider: PlayerKind;
  readonly duelPlacer: PlayerKind;
  /** The puzzle: tiles move on a click (or tap), or as the mouse passes over them. */
  readonly puzzleControl: PuzzleControl;
  /** The puzzle's arrow keys move the gap instead of a tile. */
  readonly puzzleInvert: boolean;
  /** The largest puzzle of a relay (from 3×3). */
  readonly relayUpTo: number;
  /** How many puzzles a marathon has. */
  readonly marathonCount: number;
}

export const DEFAULT_SETTINGS: Settings = {
  game: '2048',
  size: DEFAULT_SIZE,
  target: DEFAULT_TARGET,
  width: DEFAULT_WIDTH,
  picture: 'none',
  numbers: true,
  speed: DEFAULT_SPEED,
  spawns: 'natural',
  versusOpponent: 'medium',
  versusTarget: DEFAULT_VERSUS_TARGET,
  versusCap: 0,
  duelSlider: 'human',
  duelPlacer: 'ai',
  puzzleControl: 'click',
  puzzleInvert: false,
  relayUpTo: 5,
  marathonCount: 10,
};

function isSize(x: unknown): x is number {
  return typeof x === 'number' && Number.isInteger(x) && x >= MIN_SIZE && x <= MAX_SIZE;
}

/** Parses stored settings; `problem` is a sentence when anything had to be replaced. */
export function parseSettings(data: unknown): { settings: Settings; problem: string | null } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    return { settings: DEFAULT_SETTINGS, problem: 'the saved settings were unreadable' };
  }
  const d = data as Record<string, unknown>;
  if (d.kind !== SETTINGS_KIND || d.version !== SETTINGS_VERSION) {
    return { settings: DEFAULT_SETTINGS, problem: 'the saved settings were not slidebox settings' };
  }
  const bad: string[] = [];
  const pick = <T>(name: string, ok: (x: unknown) => boolean, fallback: T): T => {
    if (ok(d[name])) return d[name] as T;
    bad.push(name);
    return fallback;
  };
  /** A field newer than some saved settings: missing is not a problem. */
  const pickNew = <K extends keyof Settings>(name: K, among: readonly unknown[]): Settings[K] =>
    d[name] === undefined
      ? DEFAULT_SETTINGS[name]
      : pick(name, (x) => among.includes(x), DEFAULT_SETTINGS[name]);
  const settings: Settings = {
    game: pick('game', (x) => (GAMES as readonly unknown[]).includes(x), DEFAULT_SETTINGS.game),
    size: pick('size', isSize, DEFAULT_SETTINGS.size),
    target: pick('target', (x) => (TARGETS as readonly unknown[]).includes(x), DEFAULT_TARGET),
    width: pick('width', isSize, DEFAULT_SETTINGS.width),
    picture: pick(
      'picture',
      (x) => (PICTURES as readonly unknown[]).includes(x),
      DEFAULT_SETTINGS.picture,
    ),
    numbers: pick('numbers', (x) => typeof x === 'boolean', DEFAULT_SETTINGS.numbers),
    speed: pick(
      'speed',
      (x) => Number.isInteger(x) && (x as number) >= 0 && (x as number) < AUTOPLAY_DELAYS.length,
      DEFAULT_SETTINGS.speed,
    ),
    spawns: pickNew('spawns', SPAWNS),
    versusOpponent: pickNew('versusOpponent', VERSUS_OPPONENTS),
    versusTarget: pickNew('versusTarget', VERSUS_TARGETS),
    versusCap: pickNew('versusCap', VERSUS_CAPS),
    duelSlider: pickNew('duelSlider', PLAYER_KINDS),
    duelPlacer: pickNew('duelPlacer', PLAYER_KINDS),
    puzzleControl: pickNew('puzzleControl', PUZZLE_CONTROLS),
    puzzleInvert: pickNew('puzzleInvert', [true, false]),
    relayUpTo: pickNew('relayUpTo', RELAY_SIZES),
    marathonCount: pickNew('marathonCount', MARATHON_COUNTS),
  };
  return {
    settings,
    problem: bad.length ? `some saved settings were invalid (${bad.join(', ')})` : null,
  };
}

/** The JSON-ready form of the settings. */
export function serializeSettings(s: Settings): Record<string, unknown> {
  return { kind: SETTINGS_KIND, version: SETTINGS_VERSION, ...s };
}
