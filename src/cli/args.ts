/**
 * Command-line options: parsed once into a checked value, or a sentence saying what is wrong
 * (the CLI prints it with the usage and exits with code 2).
 */
import { checkOptions } from '../engine/game2048.ts';
import { err, ok, type Result } from '../engine/result.ts';

export interface CliOptions {
  readonly command: '2048' | 'help' | 'version';
  readonly size: number | undefined;
  readonly target: number | undefined;
  readonly seed: number | undefined;
  readonly fresh: boolean;
  readonly animation: boolean;
  readonly plain: boolean;
  readonly dataDir: string | undefined;
}

export const USAGE = `Usage: slidebox [2048] [options]

Play 2048 in the terminal. Your game is saved after every move and resumed next time.

Options:
  --size N         board size, 3 to 8 (default 4)
  --target N       winning tile, a power of two from 8 (default 2048)
  --seed N         seed for a new game: the same seed and moves give the same game
  --new            start a new game instead of resuming the saved one
  --no-animation   move tiles without animation
  --plain          line mode for pipes and scripts: one command per line on stdin
                   (w a s d, up down left right, u, n, c, q), the board as text after each
  --data-dir DIR   where saves go (default: $XDG_DATA_HOME/slidebox,
                   else ~/.local/share/slidebox)
  -h, --help       show this help
  -v, --version    show the version

Keys: arrows, WASD or hjkl move · u undo · n new game · ? help · q or Esc quit`;

const VALUE_OPTIONS = new Set(['--size', '--target', '--seed', '--data-dir']);
const FLAG_OPTIONS = new Set([
  '--new',
  '--no-animation',
  '--plain',
  '--help',
  '-h',
  '--version',
  '-v',
]);

function wholeNumber(
  name: string,
  text: string,
): Result<number, { code: string; message: string }> {
  if (!/^\d{1,16}$/.test(text)) {
    return err({ code: 'bad-value', message: `${name} needs a whole number, got "${text}"` });
  }
  return ok(Number(text));
}

/** Parses argv (without node and the script). */
export function parseCli(
  argv: readonly string[],
): Result<CliOptions, { code: string; message: string }> {
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
  if (positionals.length > 1 || (positionals[0] !== undefined && positionals[0] !== '2048')) {
    return err({
      code: 'unknown-command',
      message: `unknown command "${positionals.join(' ')}" (try: slidebox 2048)`,
    });
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
    command: '2048',
    size: nums.size,
    target: nums.target,
    seed: nums.seed,
    fresh: flags.has('--new'),
    animation: !flags.has('--no-animation'),
    plain: flags.has('--plain'),
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
    dataDir: undefined,
  };
}
