/**
 * How the server checks codes: {@link verifyCode} on the calling thread. One place to change
 * when long replays move off the event loop.
 */
import type { Result } from '../engine/result.ts';
import { type Verified, type VerifyProblem, verifyCode } from '../engine/verify.ts';

export interface Verifier {
  verify(code: string): Promise<Result<Verified, VerifyProblem>>;
  close(): Promise<void>;
}

export function createVerifier(): Verifier {
  return {
    verify: async (code) => verifyCode(code),
    close: async () => {},
  };
}
