/**
 * Errors as values. Functions that parse untrusted input return a {@link Result};
 * the convenience API throws a {@link SlideboxError} carrying the same code and message.
 */

/** A machine-readable reason plus a sentence for people. */
export interface Problem<Code extends string = string> {
  readonly code: Code;
  readonly message: string;
}

export type Result<T, E extends Problem = Problem> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<E extends Problem>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

export function problem<Code extends string>(code: Code, message: string): Problem<Code> {
  return { code, message };
}

/** Thrown by the convenience API when its input is invalid; `code` says why. */
export class SlideboxError extends Error {
  readonly code: string;
  constructor(p: Problem) {
    super(p.message);
    this.name = 'SlideboxError';
    this.code = p.code;
  }
}

/** Unwraps a result, throwing a {@link SlideboxError} for an error. */
export function unwrap<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  throw new SlideboxError(r.error);
}
