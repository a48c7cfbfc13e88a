/**
 * Tests of the seeded generator: xoshiro128** checked against hand-computed outputs and an
 * independent BigInt transcription of the reference C code, seeding, bounds, serialisation.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  checkSeed,
  nextFloat,
  nextInt,
  nextUint32,
  parseRngState,
  type RngState,
  randomSeed,
  seedRng,
  type XoshiroState,
} from './rng.ts';

const RUNS = { numRuns: 1000 };
const U32 = 0xffffffff;

/**
 * xoshiro128** from the reference C (Blackman & Vigna), in BigInt so that no 32-bit trick of
 * the engine's Number version is shared:
 *   result = rotl(s[1] * 5, 7) * 9; t = s[1] << 9;
 *   s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3]; s[2] ^= t; s[3] = rotl(s[3], 11);
 */
function refStream(state: RngState, count: number): number[] {
  const M = 0xffffffffn;
  const rotl = (x: bigint, k: bigint) => ((x << k) | (x >> (32n - k))) & M;
  const s = (state as XoshiroState).map(BigInt);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const result = (rotl((s[1]! * 5n) & M, 7n) * 9n) & M;
    const t = (s[1]! << 9n) & M;
    s[2]! ^= s[0]!;
    s[3]! ^= s[1]!;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    s[3] = rotl(s[3]!, 11n);
    out.push(Number(result));
  }
  return out;
}

function stream(s: RngState, count: number): { values: number[]; state: XoshiroState } {
  const values: number[] = [];
  let state = s as XoshiroState;
  for (let i = 0; i < count; i++) {
    const r = nextUint32(state);
    values.push(r.value);
    state = r.state as XoshiroState;
  }
  return { values, state };
}

const word = fc.nat({ max: U32 });
const rngState: fc.Arbitrary<RngState> = fc
  .tuple(word, word, word, word)
  .filter((w) => w.some((x) => x !== 0))
  .map((w): RngState => [w[0], w[1], w[2], w[3]]);

describe('xoshiro128**', () => {
  it('known answers from state [1, 2, 3, 4] (worked out by hand)', () => {
    // 1st: rotl(2*5, 7)*9 = 1280*9 = 11520; t = 1024; state -> [7, 0, 1026, 12288].
    // 2nd: s[1] = 0 gives 0; t = 0; s[2] = 1026^7 = 1029, s[1] = 1029, s[0] = 7^12288 = 12295,
    //   s[3] = rotl(12288, 11) = 25165824; state -> [12295, 1029, 1029, 25165824].
    // 3rd: rotl(1029*5, 7)*9 = 658560*9 = 5927040; the new s[1] = 1029 ^ (1029^12295) = 12295.
    // 4th: rotl(12295*5, 7)*9 = 7868800*9 = 70819200.
    const first = nextUint32([1, 2, 3, 4]);
    expect(first.value).toBe(11520);
    expect(first.state).toEqual([7, 0, 1026, 12288]);
    expect(stream([1, 2, 3, 4], 4).values).toEqual([11520, 0, 5927040, 70819200]);
    expect(stream([1, 2, 3, 4], 2).state).toEqual([12295, 1029, 1029, 25165824]);
  });

  it('matches an independent BigInt transcription of the reference code', () => {
    fc.assert(
      fc.property(rngState, (s) => {
        expect(stream(s, 16).values).toEqual(refStream(s, 16));
      }),
      RUNS,
    );
  });

  it('outputs and states are uint32 words; the state is never all zero', () => {
    fc.assert(
      fc.property(rngState, (s) => {
        const r = stream(s, 8);
        for (const v of [...r.values, ...r.state]) {
          expect(Number.isInteger(v) && v >= 0 && v <= U32).toBe(true);
        }
        expect(r.state.some((w) => w !== 0)).toBe(true);
      }),
      RUNS,
    );
  });

  it('is pure: the state passed in is not changed', () => {
    const s: RngState = Object.freeze([5, 6, 7, 8]) as unknown as RngState;
    const a = nextUint32(s);
    const b = nextUint32(s);
    expect(a).toEqual(b);
    expect(s).toEqual([5, 6, 7, 8]);
  });
});

describe('seedRng', () => {
  it('is deterministic: the same seed gives the same state and stream', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (seed) => {
        const a = seedRng(seed);
        const b = seedRng(seed);
        expect(b).toEqual(a);
        expect(stream(b, 10)).toEqual(stream(a, 10));
        expect(parseRngState(a).ok).toBe(true);
      }),
      RUNS,
    );
  });

  it('different seeds give different states (all seeds below 2^32 are distinct; random pairs)', () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 5000; seed++) seen.add((seedRng(seed) as XoshiroState).join(','));
    expect(seen.size).toBe(5000);
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.maxSafeNat(), (a, b) => {
        fc.pre(a !== b);
        expect(seedRng(a)).not.toEqual(seedRng(b));
      }),
      RUNS,
    );
  });

  it('nearby seeds give unrelated streams (about half the bits of the first output differ)', () => {
    let differing = 0;
    const N = 2000;
    for (let seed = 0; seed < N; seed++) {
      let x = (nextUint32(seedRng(seed)).value ^ nextUint32(seedRng(seed + 1)).value) >>> 0;
      while (x) {
        differing += x & 1;
        x >>>= 1;
      }
    }
    // 32 bits per pair, each differing with probability 1/2 for unrelated streams: mean 16.
    expect(differing / N).toBeGreaterThan(15);
    expect(differing / N).toBeLessThan(17);
  });

  it('rejects an invalid seed', () => {
    for (const s of [-1, 1.5, Number.NaN, 2 ** 53]) expect(() => seedRng(s)).toThrow(RangeError);
  });
});

describe('state serialisation', () => {
  it('round-trips through JSON and continues the same stream', () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), fc.nat({ max: 50 }), (seed, skip) => {
        const s = stream(seedRng(seed), skip).state;
        const parsed = parseRngState(JSON.parse(JSON.stringify(s)));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(parsed.value).toEqual(s);
        expect(stream(parsed.value, 10).values).toEqual(stream(s, 10).values);
      }),
      RUNS,
    );
  });

  const bad: [string, unknown][] = [
    ['null', null],
    ['a string', '1,2,3,4'],
    ['an object', { 0: 1, 1: 2, 2: 3, 3: 4, length: 4 }],
    ['three words', [1, 2, 3]],
    ['five words', [1, 2, 3, 4, 5]],
    ['all zero', [0, 0, 0, 0]],
    ['negative', [-1, 2, 3, 4]],
    ['above 2^32 - 1', [2 ** 32, 2, 3, 4]],
    ['fraction', [1.5, 2, 3, 4]],
    ['NaN', [Number.NaN, 2, 3, 4]],
    ['string word', ['1', 2, 3, 4]],
    ['null word', [1, null, 3, 4]],
    ['Infinity', [1, 2, Number.POSITIVE_INFINITY, 4]],
    // A sparse array (hole at index 1): Array.prototype.every skips holes.
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point of the test
    ['a hole', [1, , 3, 4]],
  ];
  for (const [name, x] of bad) {
    it(`parseRngState rejects ${name}`, () => {
      const r = parseRngState(x);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('bad-rng');
        expect(r.error.message).toMatch(/four 32-bit words/);
      }
    });
  }

  it('parseRngState accepts the extremes and copies the words', () => {
    const input = [U32, 0, 0, 0];
    const r = parseRngState(input);
    expect(r).toEqual({ ok: true, value: [U32, 0, 0, 0] });
    if (r.ok) expect(r.value).not.toBe(input);
  });
});

describe('nextFloat and nextInt', () => {
  it('nextFloat is the next uint32 over 2^32, in [0, 1)', () => {
    expect(nextFloat([1, 2, 3, 4]).value).toBe(11520 / 2 ** 32);
    fc.assert(
      fc.property(rngState, (s) => {
        const f = nextFloat(s);
        const u = nextUint32(s);
        expect(f.value).toBe(u.value / 2 ** 32);
        expect(f.state).toEqual(u.state);
        expect(f.value >= 0 && f.value < 1).toBe(true);
      }),
      RUNS,
    );
  });

  it('nextInt known answer: from [1, 2, 3, 4], bound 7 gives 11520 mod 7 = 5', () => {
    expect(nextInt([1, 2, 3, 4], 7).value).toBe(5);
    expect(nextInt([1, 2, 3, 4], 1).value).toBe(0);
  });

  it('nextInt stays in [0, n) and is the first draw below the rejection limit, mod n', () => {
    const bound = fc.oneof(
      fc.integer({ min: 1, max: 100 }),
      fc.integer({ min: 1, max: 2 ** 32 }),
      // Just above 2^31: almost half of all draws are rejected.
      fc.integer({ min: 2 ** 31 + 1, max: 2 ** 31 + 1000 }),
    );
    let rejected = 0;
    fc.assert(
      fc.property(rngState, bound, (s, n) => {
        const r = nextInt(s, n);
        expect(Number.isInteger(r.value) && r.value >= 0 && r.value < n).toBe(true);
        // Independent answer: the largest multiple of n not above 2^32 bounds accepted draws.
        const limit = Math.floor(2 ** 32 / n) * n;
        const draws = refStream(s, 64);
        const k = draws.findIndex((v) => v < limit);
        expect(k).toBeGreaterThanOrEqual(0);
        expect(r.value).toBe(draws[k]! % n);
        expect(r.state).toEqual(stream(s, k + 1).state);
        if (k > 0) rejected++;
      }),
      { numRuns: 3000 },
    );
    // The rejection path must actually have been taken.
    expect(rejected).toBeGreaterThan(100);
  });

  it('nextInt rejects bad bounds', () => {
    for (const n of [0, -1, 1.5, Number.NaN, 2 ** 32 + 1]) {
      expect(() => nextInt([1, 2, 3, 4], n)).toThrow(RangeError);
    }
  });
});

describe('checkSeed and randomSeed', () => {
  it('checkSeed accepts whole numbers from 0 to 2^53 - 1', () => {
    for (const s of [0, 1, 2 ** 32, Number.MAX_SAFE_INTEGER]) {
      expect(checkSeed(s)).toEqual({ ok: true, value: s });
    }
  });

  for (const s of [-1, 1.5, Number.NaN, 2 ** 53, Number.POSITIVE_INFINITY, '7', null, undefined]) {
    it(`checkSeed rejects ${typeof s === 'string' ? JSON.stringify(s) : String(s)}`, () => {
      const r = checkSeed(s);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('bad-seed');
        expect(r.error.message).toMatch(/seed must be a whole number from 0 to 9007199254740991/);
      }
    });
  }

  it('randomSeed returns valid, varied seeds that use the high bits too', () => {
    const seeds = Array.from({ length: 200 }, () => randomSeed());
    for (const s of seeds) expect(checkSeed(s).ok).toBe(true);
    expect(new Set(seeds).size).toBe(200);
    // A seed below 2^32 has probability 2^-21: nearly all must be above.
    expect(seeds.filter((s) => s >= 2 ** 32).length).toBeGreaterThan(190);
  });
});

describe('seeding and bounds, pinned', () => {
  it('the high half of a seed reaches the state: 2^32 and 0 give different generators', () => {
    expect(seedRng(2 ** 32)).not.toEqual(seedRng(0));
    expect(seedRng(2 ** 32 + 1)).not.toEqual(seedRng(1));
  });

  it('nextInt names a bad bound', () => {
    expect(() => nextInt(seedRng(1), 0)).toThrow(/^nextInt: bad bound 0$/);
    expect(() => nextInt(seedRng(1), 2 ** 32 + 1)).toThrow(RangeError);
    expect(nextInt(seedRng(1), 2 ** 32).value).toBe(nextUint32(seedRng(1)).value);
  });

  it('randomSeed puts 21 bits of the first word above the 32 of the second', () => {
    const words = [
      [0, 5],
      [1, 2],
      [0xffffffff, 0xffffffff],
      [0x00200003, 7],
    ];
    const spy = vi.spyOn(globalThis.crypto, 'getRandomValues');
    try {
      for (const [hi, lo] of words) {
        spy.mockImplementationOnce(<T extends ArrayBufferView | null>(a: T): T => {
          (a as unknown as Uint32Array).set([hi!, lo!]);
          return a;
        });
      }
      expect([randomSeed(), randomSeed(), randomSeed(), randomSeed()]).toEqual([
        5,
        2 ** 32 + 2,
        Number.MAX_SAFE_INTEGER,
        3 * 2 ** 32 + 7,
      ]);
    } finally {
      spy.mockRestore();
    }
  });
});

/**
 * A valid generator state whose next output is `value`. An output depends on one state word:
 * value = rotl(s[1] * 5, 7) * 9 (mod 2^32), and each step is invertible, so
 * s[1] = rotr(value * 9^-1, 7) * 5^-1 (mod 2^32); the other words are arbitrary, not zero.
 */
function stateBefore(value: number): RngState {
  const M = 0xffffffffn;
  const INV9 = 0x38e38e39n; // 9 * INV9 = 1 (mod 2^32)
  const INV5 = 0xcccccccdn; // 5 * INV5 = 1 (mod 2^32)
  const x = (BigInt(value) * INV9) & M;
  const rotr7 = ((x >> 7n) | (x << 25n)) & M;
  const s1 = Number((rotr7 * INV5) & M);
  const parsed = parseRngState([0x12345678, s1, 0x9abcdef0, 0x0fedcba9]);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('nextInt at the rejection limit', () => {
  // The limit is the largest multiple of n not above 2^32; draws from it up are rejected, so
  // that every answer in [0, n) comes from the same number of draws.
  const bounds = [3, 7, 1000, 2 ** 31 + 1, 2 ** 32 - 1];

  it('builds states whose next output is any chosen word', () => {
    for (const v of [0, 1, 11520, 2 ** 31, U32]) {
      expect(refStream(stateBefore(v), 1)).toEqual([v]);
    }
  });

  it('rejects a draw equal to the limit and answers from the next draw', () => {
    for (const n of bounds) {
      const limit = 2 ** 32 - (2 ** 32 % n);
      const s = stateBefore(limit);
      const [first, second] = refStream(s, 2);
      expect(first).toBe(limit);
      expect(second).toBeLessThan(limit);
      expect(nextInt(s, n)).toEqual({ value: second! % n, state: stream(s, 2).state });
    }
  });

  it('keeps a draw one below the limit: the answer n - 1, after one draw', () => {
    for (const n of bounds) {
      const limit = 2 ** 32 - (2 ** 32 % n);
      const s = stateBefore(limit - 1);
      expect(nextInt(s, n)).toEqual({ value: n - 1, state: stream(s, 1).state });
    }
  });
});

describe('seedRng never gives the all-zero state', () => {
  /** splitmix32's output for a step whose new value is `next` (rng.ts, transcribed). */
  function mix(next: number): number {
    let z = next | 0;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }
  /** The inverse mod 2^32 of an odd number (Newton's iteration). */
  function inverse(c: number): number {
    let x = c;
    for (let i = 0; i < 5; i++) x = Math.imul(x, 2 - Math.imul(c, x));
    return x >>> 0;
  }
  /** The x with x ^ (x >>> k) = z. */
  function unshift(z: number, k: number): number {
    let x = z;
    for (let i = 0; i < 32; i += k) x = z ^ (x >>> k);
    return x >>> 0;
  }
  /** The step whose output is `out`: each stage of `mix` is a bijection. */
  function unmix(out: number): number {
    let z = unshift(out, 16);
    z = unshift(Math.imul(z, inverse(0xc2b2ae35)) >>> 0, 13);
    return unshift(Math.imul(z, inverse(0x85ebca6b)) >>> 0, 16);
  }
  const rotl16 = (x: number) => ((x << 16) | (x >>> 16)) >>> 0;

  it('for every high half of a seed, the one seed whose first word is 0 has a second that is not', () => {
    // Word i of seedRng is a_i ^ rotl(b_i, 16): a_i from a splitmix32 stream on the seed's low
    // 32 bits, b_i from one on its high 21 bits. For each high half, exactly one low half makes
    // the first word zero: the one whose first step gives a_0 = rotl(b_0, 16). So four zero
    // words would need one of these 2^21 seeds, and none has even two.
    for (const x of [0, 1, 0x9e3779b9, U32]) expect(unmix(mix(x))).toBe(x);
    const wrong: number[] = [];
    for (let top = 0; top < 2 ** 21; top++) {
      const hiStep = (((top ^ 0x5bd1e995) + 0x9e3779b9) | 0) >>> 0;
      const lo = (unmix(rotl16(mix(hiStep))) - 0x9e3779b9) >>> 0;
      const seed = top * 2 ** 32 + lo;
      const words = seedRng(seed) as XoshiroState;
      if (words[0] !== 0 || words[1] === 0) wrong.push(seed);
    }
    expect(wrong).toEqual([]);
    // One of them: its first word is zero, its others are not.
    expect((seedRng(2_301_580_628) as XoshiroState)[0]).toBe(0);
    expect((seedRng(2_301_580_628) as XoshiroState).slice(1)).not.toContain(0);
  }, 60_000);
});
