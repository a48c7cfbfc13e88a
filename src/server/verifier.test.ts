import { afterAll, describe, expect, it } from 'vitest';
import { verifyCode } from '../engine/verify.ts';
import { play2048 } from '../testing/games.ts';
import { postedToThreads } from '../testing/threads.ts';
import { createVerifier } from './verifier.ts';
import { INLINE_MAX_CHARS } from './verifyPool.ts';
import type { VerifyRequest } from './verifyPoolProtocol.ts';

describe('the server verifier', () => {
  const verifier = createVerifier();
  afterAll(() => verifier.close());

  it('answers short and long codes as verifyCode does (a long one on a thread)', async () => {
    const short = play2048(3, 40).code;
    const long = play2048(4, 3000, { size: 8, target: 2 ** 16 }).code;
    expect(short.length).toBeLessThanOrEqual(INLINE_MAX_CHARS);
    expect(long.length).toBeGreaterThan(INLINE_MAX_CHARS);
    const damaged = `${long.slice(0, -3)}AAA`;
    const { posted } = await postedToThreads(async () => {
      for (const code of [short, long, damaged, 'nope']) {
        expect(await verifier.verify(code)).toEqual(verifyCode(code));
      }
    });
    // The two long codes, and only they, were handed to a verify thread (which answered them).
    // (Other posts: esbuild's own thread, bundling the worker from the sources.)
    const codes = posted.filter((m) => (m as VerifyRequest).code !== undefined);
    expect(codes.map((m) => (m as VerifyRequest).code)).toEqual([long, damaged]);
  });
});
