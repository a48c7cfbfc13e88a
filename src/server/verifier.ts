/**
 * How the server checks codes: {@link verifyCode} — on the calling thread for a short code
 * (cheaper than a trip to a thread), on a worker thread for a long one, so that a long game
 * never holds the event loop. The pool starts with the first long code.
 */
import type { Result } from '../engine/result.ts';
import { type Verified, type VerifyProblem, verifyCode } from '../engine/verify.ts';
import { createVerifyPool, INLINE_MAX_CHARS, type VerifyPool } from './verifyPool.ts';

export interface Verifier {
  verify(code: string): Promise<Result<Verified, VerifyProblem>>;
  close(): Promise<void>;
}

export function createVerifier(): Verifier {
  let pool: VerifyPool | null = null;
  let closed = false;
  return {
    verify(code) {
      if (!closed && typeof code === 'string' && code.trim().length > INLINE_MAX_CHARS) {
        pool ??= createVerifyPool();
        return pool.verify(code);
      }
      return Promise.resolve(verifyCode(code));
    },
    async close() {
      closed = true;
      await pool?.close();
      pool = null;
    },
  };
}
