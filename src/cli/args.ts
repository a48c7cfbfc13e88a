/**
 * Command-line options: parsed once into a checked value, or a sentence saying what is wrong
 * (the CLI prints it with the usage and exits with code 2).
 */
import { checkOptions } from '../engine/game2048.ts';
import { err, ok, type Problem, type Result } from '../engine/result.ts';

export type Game = '2048' | 'puzzle';

export interface CliOptions {
  readonly command: Game | 'help' | 'version';
  readonly size: number | undefined;
  readonly target: number | undefined;
  readonly seed: number | undefined;
  readonly fresh: boolean;
  readonly animation: boolean;
  readonly plain: boolean;
  readonly invert: boolean;
  /** 2048: start with the AI playing. */
  readonly ai: boolean;
  readonly dataDir: string | undefined;
}

export const USAGE = `Usage: slidebox [2048] [options]      play 2048 (the default)
       slidebox puzzle [options]      play the sliding puzzle (15-puzzle; 3x3 to 8x8)
       slidebox bench ai [--help]     measure the 2048 AI (games, scores, speed)

Your game is saved after every move and resumed next time.

Options:
  --size N         board size, 3 to 8 (default 4)
  --target N       2048 only: winning tile, a power of two from 8 (default 2048)
  --ai             2048 only: watch the AI play (p pauses, + and - change the pace)
  --invert         puzzle only: arrow keys move the gap instead of a tile
  --seed N         seed for a new game: the same seed and moves give the same game
  --new            start a new game instead of resuming the saved one
  --no-animation   move tiles without animation
  --plain          line mode for pipes and scripts: one command per line on stdin,
                   the board as text after each (automatic when not in a terminal)
  --data-dir DIR   where saves go (default: $XDG_DATA_HOME/slidebox,
                   else ~/.local/share/slidebox)
  -h, --help       show this help
  -v, --version    show the version

2048 keys:   arrows, WASD or hjkl move · u undo · i hint · p autoplay · + - pace ·
             n new game · ? help · q or Esc quit
Puzzle keys: arrows, WASD, hjkl or a mouse click slide · u undo · i hint · p solve ·
             n new game · ? help · q or Esc quit`;

const VALUE_OPTIONS = new Set(['--size', '--target', '--seed', '--data-dir']);
const FLAG_OPTIONS = new Set([
  '--new',
  '--no-animation',
  '--plain',
  '--invert',
  '--ai',
  '--help',
  '-h',
  '--version',
  '-v',
]);
/** Options that belong to one game only. */
const ONLY_FOR: Record<string, Game> = { '--target': '2048', '--ai': '2048', '--invert': 'puzzle' };

type CliProblem = Problem;

function wholeNumber(name: string, text: string): Result<number, CliProblem> {
  if (!/^\d{1,16}$/.test(text)) {
    return err({ code: 'bad-value', message: `${name} needs a whole number, got "${text}"` });
  }
  return ok(Number(text));
}

/** Parses argv (without node and the script). */
export function parseCli(argv: readonly string[]): Result<CliOptions, CliProblem> {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg.startsWith('-')) {
      const eq = arg.indexOf('=');
      const name = eq > 0 ? arg.slice(0, eq) : arg;
      if (VALUE_OPTIONS.has(name)) {
        const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
        if (value === undefined || value === '') {
          return err({ code: 'missing-value', message: `${name} needs a value` });
        }
        values.set(name, value);
      } else if (FLAG_OPTIONS.has(name) && eq < 0) {
        flags.add(name);
      } else if (FLAG_OPTIONS.has(name)) {
        return err({ code: 'bad-option', message: `${name} takes no value` });
      } else {
        return err({ code: 'unknown-option', message: `unknown option ${name}` });
      }
    } else {
      positionals.push(arg);
    }
  }
  if (flags.has('--help') || flags.has('-h')) return ok(defaults('help'));
  if (flags.has('--version') || flags.has('-v')) return ok(defaults('version'));
  const game = positionals[0] ?? '2048';
  if (positionals.length > 1 || (game !== '2048' && game !== 'puzzle')) {
    return err({
      code: 'unknown-command',
      message: `unknown command "${positionals.join(' ')}" (try: slidebox 2048, slidebox puzzle)`,
    });
  }
  for (const [option, owner] of Object.entries(ONLY_FOR)) {
    if ((values.has(option) || flags.has(option)) && owner !== game) {
      return err({
        code: 'bad-option',
        message: `${option} is for ${owner === '2048' ? 'slidebox 2048' : 'slidebox puzzle'} only`,
      });
    }
  }
  const nums: Partial<Record<'size' | 'target' | 'seed', number>> = {};
  for (const key of ['size', 'target', 'seed'] as const) {
    const text = values.get(`--${key}`);
    if (text === undefined) continue;
    const n = wholeNumber(`--${key}`, text);
    if (!n.ok) return n;
    nums[key] = n.value;
  }
  // The engine has the final word on what a size, target or seed may be.
  const checked = checkOptions({ size: nums.size, target: nums.target, seed: nums.seed ?? 0 });
  if (!checked.ok) return err({ code: checked.error.code, message: `--${checked.error.message}` });
  return ok({
    command: game,
    size: nums.size,
    target: nums.target,
    seed: nums.seed,
    fresh: flags.has('--new'),
    animation: !flags.has('--no-animation'),
    plain: flags.has('--plain'),
    invert: flags.has('--invert'),
    ai: flags.has('--ai'),
    dataDir: values.get('--data-dir'),
  });
}

function defaults(command: CliOptions['command']): CliOptions {
  return {
    command,
    size: undefined,
    target: undefined,
    seed: undefined,
    fresh: false,
    animation: true,
    plain: false,
    invert: false,
    ai: false,
    dataDir: undefined,
  };
}
