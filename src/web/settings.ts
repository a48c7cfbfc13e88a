/**
 * The web app's settings: which game, the board sizes, the 2048 target, the puzzle's picture
 * mode and the autoplay speed. Read back leniently: a field that is missing or wrong falls back
 * to its default (and says so), so a bad settings entry never stops the app.
 */
import { DEFAULT_SIZE, DEFAULT_TARGET } from '../engine/game2048.ts';
import { DEFAULT_WIDTH } from '../engine/puzzle.ts';
import { MAX_SIZE, MIN_SIZE } from '../engine/types.ts';
import { AUTOPLAY_DELAYS, DEFAULT_SPEED } from '../front/model2048.ts';

export const GAMES = ['2048', 'puzzle'] as const;
export type GameKind = (typeof GAMES)[number];

/** Targets offered for 2048 (the engine takes any power of two from 8). */
export const TARGETS = [256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536] as const;

/** What the puzzle's tiles show: numbers on plain tiles, the built-in picture, or the player's. */
export const PICTURES = ['none', 'builtin', 'custom'] as const;
export type PictureMode = (typeof PICTURES)[number];

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
}

export const DEFAULT_SETTINGS: Settings = {
  game: '2048',
  size: DEFAULT_SIZE,
  target: DEFAULT_TARGET,
  width: DEFAULT_WIDTH,
  picture: 'none',
  numbers: true,
  speed: DEFAULT_SPEED,
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
