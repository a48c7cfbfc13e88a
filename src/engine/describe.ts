/**
 * Describing arbitrary values in error messages: what a caller passed, in a few words.
 */

import { err, ok, type Problem, problem, type Result } from './result.ts';

/** A short rendering of an arbitrary value for error messages. */
export function show(x: unknown): string {
  if (typeof x === 'string') return JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x);
  if (typeof x === 'number' || typeof x === 'boolean' || x === null || x === undefined) {
    return String(x);
  }
  if (typeof x === 'bigint') return `${x}n`;
  if (Array.isArray(x)) return `an array of length ${x.length}`;
  return `a value of type ${typeof x}`;
}

/**
 * Checks that options are an object naming only `names`: the options, or a `bad-options`
 * problem saying what is wrong.
 */
export function checkKnownOptions(
  opts: unknown,
  names: readonly string[],
): Result<Record<string, unknown>, Problem<'bad-options'>> {
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts)) {
    return err(problem('bad-options', `options must be an object, got ${show(opts)}`));
  }
  const unknown = Object.keys(opts).find((k) => !names.includes(k));
  if (unknown === undefined) return ok(opts as Record<string, unknown>);
  return err(
    problem('bad-options', `unknown option ${show(unknown)} (options are ${names.join(', ')})`),
  );
}
