/**
 * What the public entries share: refusing option names they do not know (a misspelt option
 * must not be ignored silently), and the throwing twin of a function that returns a Result.
 */
import { show } from './describe.ts';
import { err, ok, type Problem, type Result, SlideboxError, unwrap } from './result.ts';

/**
 * Ok when `opts` is undefined or an object whose every own key (with a defined value) is one of
 * `keys`; otherwise a `bad-options` problem naming the unknown option and the known ones.
 * Values are checked by each function's own checks.
 */
export function knownOptions(
  opts: unknown,
  keys: readonly string[],
): Result<void, Problem<'bad-options'>> {
  if (opts === undefined) return ok(undefined);
  if (typeof opts !== 'object' || opts === null || Array.isArray(opts)) {
    return err({ code: 'bad-options', message: `options must be an object, got ${show(opts)}` });
  }
  for (const [key, value] of Object.entries(opts)) {
    if (value === undefined || keys.includes(key)) continue;
    const known = keys.length > 0 ? keys.join(', ') : 'none';
    return err({
      code: 'bad-options',
      message: `unknown option ${show(key)} (known: ${known})`,
    });
  }
  return ok(undefined);
}

/** The twin of `f` that returns the value of a good Result and throws a SlideboxError else. */
export function orThrow<A extends unknown[], T>(
  f: (...args: A) => Result<T, Problem>,
): (...args: A) => T {
  return (...args: A) => unwrap(f(...args));
}

/** The twin of an async `f`: resolves to the value, rejects with a SlideboxError else. */
export function orReject<A extends unknown[], T>(
  f: (...args: A) => Promise<Result<T, Problem>>,
): (...args: A) => Promise<T> {
  return async (...args: A) => unwrap(await f(...args));
}

/**
 * Runs `f`, a function that throws a SlideboxError for bad input, as a Result: the error's code
 * and message become the Result's problem; any other exception (a bug) is thrown on.
 */
export function caught<T, E extends Problem = Problem>(f: () => T): Result<T, E> {
  try {
    return ok(f());
  } catch (e) {
    if (e instanceof SlideboxError) return err({ code: e.code, message: e.message } as E);
    throw e;
  }
}

/** {@link caught} for an async `f`: a rejection with a SlideboxError becomes the Result's problem. */
export async function caughtAsync<T, E extends Problem = Problem>(
  f: () => Promise<T>,
): Promise<Result<T, E>> {
  try {
    return ok(await f());
  } catch (e) {
    if (e instanceof SlideboxError) return err({ code: e.code, message: e.message } as E);
    throw e;
  }
}
