/**
 * The AI's options, checked once at every public entry (`bestMove`, `analyse`, `playGame`,
 * `AiWorker`): a bad value is refused with a SlideboxError of code `bad-options` whose message
 * names the option and the value, as the puzzle solver's `checkSolveOptions` does.
 */
import { show } from '../../engine/describe.ts';
import { err, ok, type Problem, problem, type Result } from '../../engine/result.ts';
import { PRESET_NAMES, type PresetName } from './presets.ts';

/** Options of a search. */
export interface AiOptions {
  /** Time budget per move in ms (from 0): iterative deepening until it is spent. */
  timeMs?: number;
  /**
   * Fixed search depth in moves, the root move included (1 to {@link MAX_DEPTH}). Takes
   * precedence over the preset.
   */
  depth?: number;
  /** A preset (default `strong`); used when neither timeMs nor depth is set. */
  preset?: PresetName;
  /**
   * Root moves to search, as a bitmask over `DIRECTIONS` indices (1 to 15; default all). The
   * worker pool splits the root with it.
   */
  rootMask?: number;
  /**
   * Play the preset without its wall-clock safety cap, so that a seeded game replays move for
   * move however busy the machine is (the benchmark's `--no-cap`).
   */
  noCap?: boolean;
}

/** What a self-played game reports every `progressEvery` moves. */
export interface GameProgress {
  moves: number;
  score: number;
  maxTile: number;
}

/** Options of a self-played game: the search's, and when to stop and report. */
export interface PlayOptions extends AiOptions {
  /** Stop after this many moves (default: play to the end). */
  maxMoves?: number;
  /** Moves between two `onProgress` calls (default 1000). */
  progressEvery?: number;
  onProgress?: (p: GameProgress) => void;
}

/** The deepest fixed-depth search allowed, in moves. */
export const MAX_DEPTH = 20;

export type BadOptions = Problem<'bad-options'>;

/** Checks of one option: a problem sentence's tail, or null when the value is fine. */
type Check = (v: unknown) => string | null;

const whole =
  (min: number, max: number, unit: string): Check =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max
      ? null
      : `must be a whole number${unit} from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`;

const CHECKS: Readonly<Record<string, Check>> = {
  timeMs: (v) =>
    typeof v === 'number' && Number.isFinite(v) && v >= 0
      ? null
      : 'must be a finite number of milliseconds from 0',
  depth: whole(1, MAX_DEPTH, ' of moves'),
  preset: (v) =>
    typeof v === 'string' && (PRESET_NAMES as readonly string[]).includes(v)
      ? null
      : `must be ${PRESET_NAMES.map((n) => JSON.stringify(n)).join(' or ')}`,
  rootMask: whole(1, 15, ' (a bitmask over up, down, left, right)'),
  noCap: (v) => (typeof v === 'boolean' ? null : 'must be true or false'),
  maxMoves: (v) =>
    v === Number.POSITIVE_INFINITY || (typeof v === 'number' && Number.isInteger(v) && v >= 0)
      ? null
      : 'must be a whole number from 0, or Infinity for no limit',
  progressEvery: whole(1, Number.MAX_SAFE_INTEGER, ' of moves'),
  onProgress: (v) => (typeof v === 'function' ? null : 'must be a function'),
  signal: (v) =>
    typeof v === 'object' &&
    v !== null &&
    typeof (v as AbortSignal).addEventListener === 'function' &&
    typeof (v as AbortSignal).aborted === 'boolean'
      ? null
      : 'must be an AbortSignal',
  thread: whole(0, Number.MAX_SAFE_INTEGER, ''),
  threads: whole(1, 1024, ''),
  workerUrl: (v) =>
    typeof v === 'string' || (typeof URL !== 'undefined' && v instanceof URL)
      ? null
      : 'must be a URL or a string',
};

/** The options each entry takes. */
export const SEARCH_KEYS = ['timeMs', 'depth', 'preset', 'rootMask', 'noCap'] as const;
export const PLAY_KEYS = [...SEARCH_KEYS, 'maxMoves', 'progressEvery', 'onProgress'] as const;

/**
 * Checks options against the names in `keys` (undefined values count as absent): an object
 * holding only those names, each with a sound value. Returns the options unchanged.
 */
export function checkOptions<T extends object>(
  opts: unknown,
  keys: readonly string[],
): Result<T, BadOptions> {
  if (opts === undefined) return ok({} as T);
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts)) {
    return err(problem('bad-options', `options must be an object, got ${show(opts)}`));
  }
  for (const [key, value] of Object.entries(opts)) {
    if (value === undefined) continue;
    if (!keys.includes(key)) {
      return err(problem('bad-options', `unknown option ${show(key)} (known: ${keys.join(', ')})`));
    }
    const wrong = CHECKS[key]!(value);
    if (wrong !== null) return err(problem('bad-options', `${key} ${wrong}, got ${show(value)}`));
  }
  return ok(opts as T);
}

/** Checks the options of a search (`bestMove`, `analyse`). */
export function checkAiOptions(opts: unknown): Result<AiOptions, BadOptions> {
  return checkOptions<AiOptions>(opts, SEARCH_KEYS);
}

/** Checks the options of a self-played game (`playGame`). */
export function checkPlayOptions(opts: unknown): Result<PlayOptions, BadOptions> {
  return checkOptions<PlayOptions>(opts, PLAY_KEYS);
}
