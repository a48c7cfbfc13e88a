/**
 * Tests of the ChaCha20 generator: the RFC 8439 test vectors (§2.3.2 the block function, §2.4.2
 * the encryption's keystream), Node's own ChaCha20 as an independent reference, long seeds,
 * and the state as a value: JSON round trips, resuming mid-block, unbiased bounded draws.
 */
import { createCipheriv } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ChaChaState,
  chachaBlock,
  isLongSeed,
  longSeedBytes,
  longSeedKey,
  longSeedOf,
  nextChaCha,
  parseChaChaState,
  randomLongSeed,
  seedChaCha,
} from './chacha20.ts';
import { checkSeed, nextInt, nextUint32, parseRngState, type RngState, seedRng } from './rng.ts';

/** Little-endian words of bytes (a multiple of 4). */
function words(bytes: Uint8Array): number[] {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.length / 4 }, (_, i) => dv.getUint32(i * 4, true));
}

const hexBytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/[\s:]/g, ''), 'hex'));
const RFC_KEY = hexBytes('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');

/** Node's ChaCha20 keystream of `key` from block `counter` with `nonce` (12 bytes). */
function nodeStream(key: Uint8Array, counter: number, nonce: Uint8Array, length: number) {
  const iv = new Uint8Array(16);
  new DataView(iv.buffer).setUint32(0, counter, true);
  iv.set(nonce, 4);
  return new Uint8Array(createCipheriv('chacha20', key, iv).update(new Uint8Array(length)));
}

/** The stream's first `count` words from `s`, and the state after them. */
function stream(s: RngState, count: number): { values: number[]; state: RngState } {
  const values: number[] = [];
  let state = s;
  for (let i = 0; i < count; i++) {
    const r = nextUint32(state);
    values.push(r.value);
    state = r.state;
  }
  return { values, state };
}

const hex = (n: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: n, maxLength: n });
const longSeed = fc.oneof(hex(32), hex(64));
const u32 = fc.nat({ max: 0xffffffff });
const chachaState: fc.Arbitrary<ChaChaState> = fc
  .record({
    key: fc.array(u32, { minLength: 8, maxLength: 8 }),
    block: u32,
    word: fc.nat({ max: 15 }),
  })
  .map((r) => ({ kind: 'chacha20' as const, ...r }));

describe('the ChaCha20 block function (RFC 8439)', () => {
  it('§2.3.2: the test vector of the block function', () => {
    const out = new Uint32Array(16);
    const nonce = words(hexBytes('000000090000004a00000000'));
    chachaBlock(words(RFC_KEY), 1, nonce, out);
    expect(Array.from(out, (w) => w.toString(16).padStart(8, '0'))).toEqual(
      (
        'e4e7f110 15593bd1 1fdd0f50 c47120a3 c7f4d1c7 0368c033 9aaa2204 4e6cd4c3 ' +
        '466482d2 09aa9f07 05d7c214 a2028bd9 d19c12b5 b94e16de e883d0cb 4e3c50a2'
      ).split(' '),
    );
  });

  it('§2.4.2: the keystream that encrypts the sunscreen text', () => {
    const plain = new TextEncoder().encode(
      "Ladies and Gentlemen of the class of '99: If I could offer you only one tip for the future, sunscreen would be it.",
    );
    const cipher = hexBytes(`
      6e 2e 35 9a 25 68 f9 80 41 ba 07 28 dd 0d 69 81 e9 7e 7a ec 1d 43 60 c2 0a 27 af cc fd 9f ae 0b
      f9 1b 65 c5 52 47 33 ab 8f 59 3d ab cd 62 b3 57 16 39 d6 24 e6 51 52 ab 8f 53 0c 35 9f 08 61 d8
      07 ca 0d bf 50 0d 6a 61 56 a3 8e 08 8a 22 b6 5e 52 bc 51 4d 16 cc f8 06 81 8c e9 1a b7 79 37 36
      5a f9 0b bf 74 a3 5b e6 b4 0b 8e ed f2 78 5e 42 87 4d`);
    const nonce = words(hexBytes('000000000000004a00000000'));
    const keystream = new Uint8Array(128);
    const block = new Uint32Array(16);
    for (let b = 0; b < 2; b++) {
      chachaBlock(words(RFC_KEY), 1 + b, nonce, block);
      keystream.set(new Uint8Array(block.buffer), b * 64);
    }
    expect(plain.map((p, i) => p ^ keystream[i]!)).toEqual(cipher);
  });

  it("matches Node's ChaCha20 for any key, counter and nonce", () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        u32,
        fc.uint8Array({ minLength: 12, maxLength: 12 }),
        (key, counter, nonce) => {
          const out = new Uint32Array(16);
          chachaBlock(words(key), counter, words(nonce), out);
          // Node's counter runs on past 2^32 into the nonce: compare one block only.
          expect(new Uint8Array(out.buffer)).toEqual(nodeStream(key, counter, nonce, 64));
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('long seeds', () => {
  it('are 32 or 64 lowercase hex digits, and nothing else', () => {
    expect(isLongSeed('0123456789abcdef0123456789abcdef')).toBe(true);
    expect(isLongSeed('ab'.repeat(32))).toBe(true);
    for (const bad of [
      '',
      'ab'.repeat(15),
      'ab'.repeat(17),
      'AB'.repeat(16),
      `${'ab'.repeat(15)}ag`,
      'ab'.repeat(24),
      '12345',
      null,
    ]) {
      expect(isLongSeed(bad)).toBe(false);
      expect(checkSeed(bad).ok).toBe(false);
    }
    expect(isLongSeed(7)).toBe(false);
    expect(checkSeed('ab'.repeat(16))).toEqual({ ok: true, value: 'ab'.repeat(16) });
  });

  it('a 256-bit seed is the key in order; a 128-bit seed is its bytes twice over', () => {
    const seed = longSeedOf(RFC_KEY);
    expect(seed).toBe('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f');
    expect(longSeedKey(seed)).toEqual(words(RFC_KEY));
    const short = '000102030405060708090a0b0c0d0e0f';
    expect(longSeedKey(short)).toEqual(words(hexBytes(short + short)));
  });

  it("the stream is RFC 8439's keystream with a zero nonce from block 0 (Node's, word by word)", () => {
    fc.assert(
      fc.property(longSeed, (seed) => {
        const key = longSeedBytes(seed.length === 32 ? seed + seed : seed);
        const expected = words(nodeStream(key, 0, new Uint8Array(12), 40 * 4));
        expect(stream(seedRng(seed), 40).values).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });

  it('bytes and hex round-trip', () => {
    fc.assert(
      fc.property(longSeed, (seed) => {
        expect(longSeedOf(longSeedBytes(seed))).toBe(seed);
      }),
    );
  });

  it('fresh ones are 128 bits and differ', () => {
    const a = randomLongSeed();
    expect(isLongSeed(a) && a.length === 32).toBe(true);
    expect(randomLongSeed()).not.toBe(a);
  });
});

describe('the ChaCha20 state as a value', () => {
  it('starts at block 0, word 0, and moves to the next block after word 15', () => {
    const s = seedChaCha('ab'.repeat(16));
    expect([s.block, s.word]).toEqual([0, 0]);
    const after = stream(s, 17).state as ChaChaState;
    expect([after.block, after.word]).toEqual([1, 1]);
    const last = nextChaCha({ ...s, block: 0xffffffff, word: 15 }).state;
    expect([last.block, last.word]).toEqual([0, 0]);
  });

  it('round-trips through JSON at any place in the stream, and goes on the same', () => {
    fc.assert(
      fc.property(longSeed, fc.nat({ max: 80 }), (seed, skip) => {
        const here = stream(seedRng(seed), skip).state;
        const back = parseRngState(JSON.parse(JSON.stringify(here)));
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(back.value).toEqual(here);
        expect(stream(back.value, 20).values).toEqual(stream(here, 20).values);
      }),
      { numRuns: 200 },
    );
  });

  it('a state resumed mid-block gives the same stream as one drawn up to there', () => {
    fc.assert(
      fc.property(chachaState, fc.nat({ max: 40 }), (s, skip) => {
        const whole = stream(s, skip + 20).values.slice(skip);
        const mid = stream(s, skip).state as ChaChaState;
        // A fresh copy (not the cached key) resumed in its block.
        const copy: ChaChaState = {
          kind: 'chacha20',
          key: [...mid.key],
          block: mid.block,
          word: mid.word,
        };
        expect(stream(copy, 20).values).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('two streams drawn in turn give what each gives alone (the block cache holds no state)', () => {
    fc.assert(
      fc.property(chachaState, chachaState, (a, b) => {
        const alone = [stream(a, 50).values, stream(b, 50).values];
        let sa: RngState = a;
        let sb: RngState = b;
        const mixed: number[][] = [[], []];
        for (let i = 0; i < 50; i++) {
          const ra = nextUint32(sa);
          const rb = nextUint32(sb);
          mixed[0]!.push(ra.value);
          mixed[1]!.push(rb.value);
          sa = ra.state;
          sb = rb.state;
        }
        expect(mixed).toEqual(alone);
      }),
      { numRuns: 100 },
    );
  });

  it('a caller that changes its key array after a draw gets the new key', () => {
    const key = [1, 2, 3, 4, 5, 6, 7, 8];
    const s: ChaChaState = { kind: 'chacha20', key, block: 3, word: 0 };
    const first = nextUint32(s).value;
    key[0] = 9;
    const fresh = new Uint32Array(16);
    chachaBlock(key, 3, [0, 0, 0], fresh);
    expect(nextUint32(s).value).toBe(fresh[0]);
    expect(fresh[0]).not.toBe(first);
  });

  it('refuses states that are not one', () => {
    const good = { kind: 'chacha20', key: [1, 2, 3, 4, 5, 6, 7, 8], block: 0, word: 15 };
    expect(parseChaChaState(good)).toEqual(good);
    for (const bad of [
      { ...good, kind: 'xoshiro' },
      { ...good, key: [1, 2, 3] },
      { ...good, key: [1, 2, 3, 4, 5, 6, 7, -1] },
      { ...good, key: [1, 2, 3, 4, 5, 6, 7, 2 ** 32] },
      // biome-ignore lint/suspicious/noSparseArray: a hole in the key
      { ...good, key: [1, , 3, 4, 5, 6, 7, 8] },
      { ...good, block: 2 ** 32 },
      { ...good, block: 1.5 },
      { ...good, word: 16 },
      { ...good, word: -1 },
      { ...good, extra: 1 },
      [1, 2, 3, 4],
      null,
      'chacha20',
    ]) {
      expect(parseChaChaState(bad)).toBe(null);
    }
    expect(parseRngState({ ...good, word: 16 }).ok).toBe(false);
  });

  it('bounded draws are unbiased: each value of n by rejection, all of them hit', () => {
    // 6000 draws below 6 from one seed: every value, none far from 1000 (a loose bound, as
    // the counts of a fair die are within ±150 of 1000 about 9,999 times in 10,000).
    let s = seedRng('5a'.repeat(16));
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 6000; i++) {
      const r = nextInt(s, 6);
      counts[r.value]++;
      s = r.state;
    }
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });

  it('bounded draws reject the top of the range, as for xoshiro', () => {
    fc.assert(
      fc.property(chachaState, fc.integer({ min: 1, max: 2 ** 32 }), (s, n) => {
        const limit = 2 ** 32 - (2 ** 32 % n);
        let state: RngState = s;
        let taken = -1;
        for (;;) {
          const r = nextUint32(state);
          state = r.state;
          if (r.value < limit) {
            taken = r.value % n;
            break;
          }
        }
        expect(nextInt(s, n)).toEqual({ value: taken, state });
      }),
      { numRuns: 300 },
    );
  });
});
