/**
 * The whole numbers a request gives — a query's `size`, `limit`, `offset`…, a body's `size`,
 * `turnTime`… — read once at the route into safe integers within their ranges, or refused with a
 * sentence that names the field, its range and what was sent. A query's value is text of
 * decimal digits only (no sign, no exponent, no hexadecimal, no spaces), given once; a body's
 * is a JSON number that is a whole number, or such text. `Infinity`, `NaN`, `1e400`, a number of
 * 400 digits, `-1`, `1.5`, `0x10`, an empty value and a repeated parameter are refused before
 * anything reaches the database (which refused some of them with a 500, and took others as an
 * empty board).
 */
import { err, ok, type Problem, type Result } from '../engine/result.ts';

/** A field of whole numbers: its name in the request and its range (both ends included). */
export interface WholeNumberField {
  readonly name: string;
  readonly min: number;
  readonly max: number;
}

/** Longest run of digits read: more is past every range here (and past a safe integer). */
const DIGITS_MAX = 15;

/** What was sent, as the refusal quotes it: at most 40 characters. */
function shown(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(JSON.stringify(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

const range = (f: WholeNumberField) =>
  `${f.name} is a whole number from ${f.min.toLocaleString('en-US')} to ${f.max.toLocaleString('en-US')}`;

/**
 * `value` (a query's text, a repeated parameter's array, a body's JSON value; undefined when
 * absent) as a whole number of `f`'s range: undefined when absent, else the number or the
 * problem (`bad-request`).
 */
export function readWholeNumber(
  f: WholeNumberField,
  value: unknown,
): Result<number | undefined, Problem> {
  if (value === undefined) return ok(undefined);
  if (Array.isArray(value)) {
    return err({ code: 'bad-request', message: `${f.name} is given more than once: give it once` });
  }
  let n: number | null = null;
  if (typeof value === 'number') n = Number.isSafeInteger(value) ? value : null;
  else if (typeof value === 'string' && new RegExp(`^\\d{1,${DIGITS_MAX}}$`).test(value)) {
    n = Number(value);
  }
  if (n === null || n < f.min || n > f.max) {
    return err({ code: 'bad-request', message: `${range(f)}, not ${shown(value)}` });
  }
  return ok(n);
}
