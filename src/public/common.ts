/**
 * What `slidebox/2048` and `slidebox/puzzle` share in their public form: the seeded generator,
 * refusing a bad seed with a Result like every other function.
 */
import { orThrow } from '../engine/known.ts';
import { ok, type Problem, type Result } from '../engine/result.ts';
import { checkSeed, type RngState, type Seed, seedRng as seedRngEngine } from '../engine/rng.ts';

/**
 * The generator state for a seed (a whole number from 0 to 2^53 - 1): a plain, serialisable
 * value that the engine's functions take and return.
 */
export function seedRng(seed: Seed): Result<RngState, Problem<'bad-seed'>> {
  const s = checkSeed(seed);
  return s.ok ? ok(seedRngEngine(s.value)) : s;
}
/** {@link seedRng}, throwing a SlideboxError for a bad seed. */
export const seedRngOrThrow = orThrow(seedRng);
