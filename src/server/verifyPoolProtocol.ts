/** The messages between a verify pool and its threads. */
import type { Result } from '../engine/result.ts';
import type { Verified, VerifyProblem } from '../engine/verify.ts';

/** A code to verify; `id` comes back in the reply. */
export interface VerifyRequest {
  readonly id: number;
  readonly code: string;
}

/** What `verifyCode` answered for the request `id`. */
export interface VerifyReply {
  readonly id: number;
  readonly result: Result<Verified, VerifyProblem>;
}
