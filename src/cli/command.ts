/**
 * The words of a subcommand (`slidebox submit …`, `leaderboard`, `config`, `daily`): Node's
 * `util.parseArgs`, strict, with positionals; a refused option comes back as our sentence.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The parsed words, or the sentence for the one refused. */
export type Parsed<O extends Options> =
  | {
      readonly ok: true;
      readonly values: ReturnType<
        typeof parseArgs<{ options: O; allowPositionals: true; strict: true }>
      >['values'];
      readonly positionals: string[];
    }
  | { readonly ok: false; readonly message: string };

export function parseCommand<const O extends Options>(
  argv: readonly string[],
  options: O,
): Parsed<O> {
  try {
    const a = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    return { ok: true as const, values: a.values, positionals: a.positionals };
  } catch (e) {
    const message = (e as Error).message
      .split('. ')[0]!
      .replace(/^Unknown option '(.+)'$/, 'unknown option $1');
    return { ok: false as const, message };
  }
}
