/**
 * A lean reader of the share codes a leaderboard ranks (2048 games that are not evil, and
 * puzzles): the moves come out as small whole numbers in a typed array, read straight from the
 * bytes, instead of the objects and strings `decodeShared` builds.
 *
 * It accepts a subset of what `decodeShared` accepts, with the same fields: it checks the
 * same things (the form, the length bound, base64 and its spare bits, the checksum, the version,
 * the kind and the flags, the players' label, sizes, powers, seed, the count against the bits
 * left, nothing after the moves but a puzzle's move times, read and checked) and answers `null` for anything else, kinds it does not rank included. A
 * caller then asks `decodeShared`, which says what is wrong. fastReplayCode.test.ts holds the
 * two readers to that.
 */

import { longSeedOf } from './chacha20.ts';
import { ByteReader, crc32, ReadError } from './codeBits.ts';
import { readMoveTimes } from './moveTimes.ts';
import type { Seed } from './rng.ts';
import { MAX_CODE_LENGTH, SHARE_PREFIX, SHARE_VERSION } from './shareCode.ts';
import { MAX_SIZE, MIN_SIZE } from './types.ts';

/** A ranked code read by {@link readRankedCode}. */
export type RankedCode =
  | {
      readonly kind: '2048';
      readonly assisted: boolean;
      readonly size: number;
      readonly target: number;
      readonly seed: Seed;
      /** Directions as indices into DIRECTIONS (up, down, left, right). */
      readonly moves: Uint8Array;
    }
  | {
      readonly kind: 'puzzle';
      readonly assisted: boolean;
      readonly width: number;
      readonly seed: Seed;
      readonly timeMs: number | null;
      /** The tile asked to move, each move. */
      readonly tiles: Uint8Array;
      /** Each move's time (ms), when the code has them (shareCode.ts `moveMs`). */
      readonly moveMs?: readonly number[];
    };

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
/** The value of each character code below 128 in URL-safe base64; -1 for none. */
const SEXTET = (() => {
  const t = new Int8Array(128).fill(-1);
  for (let i = 0; i < ALPHABET.length; i++) t[ALPHABET.charCodeAt(i)] = i;
  return t;
})();

const FLAG_ASSISTED = 1;
const FLAG_EVIL = 2;
const FLAG_TIME = 4;
const FLAG_MOVE_TIMES = 8;
const FLAG_LONG_SEED = 16;
const KNOWN_FLAGS = FLAG_ASSISTED | FLAG_EVIL | FLAG_TIME | FLAG_MOVE_TIMES | FLAG_LONG_SEED;
const MAX_MOVES = 1_000_000;
const MAX_LABEL = 24;

function sextet(text: string, i: number): number {
  const c = text.charCodeAt(i);
  return c < 128 ? SEXTET[c]! : -1;
}

/**
 * The bytes of `text` from `from` on, as unpadded URL-safe base64 whose spare low bits are
 * zero (codeBits.ts `fromBase64Url`), or null.
 */
function base64Bytes(text: string, from: number): Uint8Array | null {
  const len = text.length - from;
  const rest = len % 4;
  if (rest === 1) return null;
  const out = new Uint8Array(Math.floor((len * 6) / 8));
  const whole = from + len - rest;
  let o = 0;
  for (let i = from; i < whole; i += 4) {
    const a = sextet(text, i);
    const b = sextet(text, i + 1);
    const c = sextet(text, i + 2);
    const d = sextet(text, i + 3);
    if ((a | b | c | d) < 0) return null;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >> 16;
    out[o++] = (n >> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  if (rest === 0) return out;
  const a = sextet(text, whole);
  const b = sextet(text, whole + 1);
  if ((a | b) < 0) return null;
  if (rest === 2) {
    if ((b & 0xf) !== 0) return null;
    out[o] = (a << 2) | (b >> 4);
    return out;
  }
  const c = sextet(text, whole + 2);
  if (c < 0 || (c & 0x3) !== 0) return null;
  out[o++] = (a << 2) | (b >> 4);
  out[o] = ((b & 0xf) << 4) | (c >> 2);
  return out;
}

/** Reads the fields of a body in order; every read is -1 once the data or a rule is broken. */
class Fields {
  pos = 0;
  constructor(readonly body: Uint8Array) {}

  byte(): number {
    return this.pos < this.body.length ? this.body[this.pos++]! : -1;
  }

  /** As codeBits.ts `ByteReader.varint`: seven bits a byte, at most 8 bytes, at most 2^53 - 1. */
  varint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      const b = this.byte();
      if (b < 0) return -1;
      value += (b & 0x7f) * scale;
      if (value > Number.MAX_SAFE_INTEGER) return -1;
      if ((b & 0x80) === 0) return value;
      scale *= 0x80;
    }
    return -1;
  }

  /**
   * A seed as shareCode.ts writes it: a long seed (`long`: a byte count of 16 or 32, then the
   * bytes) or a variable-length number; null when broken.
   */
  seed(long: boolean): Seed | null {
    if (!long) {
      const v = this.varint();
      return v < 0 ? null : v;
    }
    const n = this.byte();
    if ((n !== 16 && n !== 32) || this.pos + n > this.body.length) return null;
    this.pos += n;
    return longSeedOf(this.body.subarray(this.pos - n, this.pos));
  }

  /**
   * The count of `bitsEach`-bit fields that must fill the rest of the body exactly (the
   * last byte padded), as `decodeShared` requires; -1 otherwise.
   */
  count(bitsEach: number): number {
    const n = this.varint();
    if (n < 0 || n > MAX_MOVES) return -1;
    return this.pos + Math.ceil((n * bitsEach) / 8) === this.body.length ? n : -1;
  }

  /**
   * The count of `bitsEach`-bit fields followed by a puzzle's move times, which must add up
   * to at most `timeMs` and end the body, as `decodeShared` requires; null otherwise.
   */
  timedCount(bitsEach: number, timeMs: number | null): { n: number; moveMs: number[] } | null {
    const n = this.varint();
    if (n < 0 || n > MAX_MOVES) return null;
    const end = this.pos + Math.ceil((n * bitsEach) / 8);
    if (end >= this.body.length) return null;
    try {
      const r = new ByteReader(this.body.subarray(end));
      const moveMs = readMoveTimes(r, n, timeMs);
      r.endBits();
      return r.atEnd ? { n, moveMs } : null;
    } catch (e) {
      if (e instanceof ReadError) return null;
      throw e;
    }
  }

  /** `n` fields of `bits` bits from here, most significant first. */
  fields(n: number, bits: number): Uint8Array {
    const out = new Uint8Array(n);
    const body = this.body;
    const start = this.pos * 8;
    const mask = (1 << bits) - 1;
    for (let i = 0; i < n; i++) {
      const at = start + i * bits;
      const byte = at >> 3;
      // Two bytes hold any field of up to 8 bits; the second may be past the end (0).
      const word = (body[byte]! << 8) | (body[byte + 1] ?? 0);
      out[i] = (word >> (16 - bits - (at & 7))) & mask;
    }
    return out;
  }
}

function size(f: Fields): number {
  const n = f.byte();
  return n >= MIN_SIZE && n <= MAX_SIZE ? n : -1;
}

/** The body after the checksum: the header, then the game of a ranked kind. */
function readBody(body: Uint8Array): RankedCode | null {
  const f = new Fields(body);
  if (f.byte() !== SHARE_VERSION) return null;
  const kind = f.byte();
  const flags = f.byte();
  const label = f.byte();
  if (flags < 0 || flags & ~KNOWN_FLAGS || label < 0 || label > MAX_LABEL) return null;
  for (let i = 0; i < label; i++) {
    const c = f.byte();
    // a-z, 0-9, ',' and '-'.
    if (!((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 44 || c === 45)) return null;
  }
  const assisted = (flags & FLAG_ASSISTED) !== 0;
  const long = (flags & FLAG_LONG_SEED) !== 0;
  if (kind === 0) {
    if (flags & (FLAG_EVIL | FLAG_MOVE_TIMES)) return null;
    const n = size(f);
    const exp = f.byte();
    if (n < 0 || exp < 3 || exp > 52) return null;
    const seed = f.seed(long);
    if (seed === null) return null;
    const count = f.count(2);
    if (count < 0) return null;
    const moves = f.fields(count, 2);
    return { kind: '2048', assisted, size: n, target: 2 ** exp, seed, moves };
  }
  if (kind === 1) {
    const width = size(f);
    if (width < 0) return null;
    const seed = f.seed(long);
    if (seed === null) return null;
    const timeMs = flags & FLAG_TIME ? f.varint() : null;
    if (timeMs !== null && timeMs < 0) return null;
    const bits = Math.ceil(Math.log2(width * width));
    if (flags & FLAG_MOVE_TIMES) {
      const timed = f.timedCount(bits, timeMs);
      if (!timed) return null;
      const tiles = f.fields(timed.n, bits);
      return { kind: 'puzzle', assisted, width, seed, timeMs, tiles, moveMs: timed.moveMs };
    }
    const count = f.count(bits);
    if (count < 0) return null;
    const tiles = f.fields(count, bits);
    return { kind: 'puzzle', assisted, width, seed, timeMs, tiles };
  }
  return null;
}

/**
 * A code of a ranked kind read without building its moves as objects, or null when it is not
 * one `decodeShared` accepts as a 2048 game (not evil) or a puzzle. Total: any value.
 */
export function readRankedCode(input: unknown): RankedCode | null {
  if (typeof input !== 'string') return null;
  const text = input.trim();
  if (text.length > MAX_CODE_LENGTH || !text.startsWith(SHARE_PREFIX)) return null;
  const bytes = base64Bytes(text, SHARE_PREFIX.length);
  if (!bytes || bytes.length < 5) return null;
  const body = bytes.subarray(0, bytes.length - 4);
  const n = bytes.length;
  const sum =
    ((bytes[n - 4]! << 24) | (bytes[n - 3]! << 16) | (bytes[n - 2]! << 8) | bytes[n - 1]!) >>> 0;
  if (crc32(body) !== sum) return null;
  return readBody(body);
}
