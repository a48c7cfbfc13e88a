/**
 * Describing arbitrary values in error messages: what a caller passed, in a few words.
 */

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
