/**
 * The byte and bit plumbing under share codes: a writer and a reader of bytes, variable-length
 * whole numbers and packed bit fields, CRC-32, and URL-safe base64 without padding. Pure and
 * strict: the reader reports running out of data instead of inventing zeros.
 */

/** Appends bytes, whole numbers and bit fields. */
export class ByteWriter {
  private readonly bytes: number[] = [];
  private bitBuf = 0;
  private bitCount = 0;

  byte(v: number): void {
    this.flushBits();
    this.bytes.push(v & 0xff);
  }

  /** A whole number from 0 to 2^53 - 1, seven bits a byte, low bits first. */
  varint(v: number): void {
    this.flushBits();
    let n = v;
    while (n >= 0x80) {
      this.bytes.push((n % 0x80) | 0x80);
      n = Math.floor(n / 0x80);
    }
    this.bytes.push(n);
  }

  /** `width` bits of `v` (width ≤ 24), packed most significant first. */
  bits(v: number, width: number): void {
    for (let i = width - 1; i >= 0; i--) {
      this.bitBuf = (this.bitBuf << 1) | ((v >> i) & 1);
      this.bitCount++;
      if (this.bitCount === 8) {
        this.bytes.push(this.bitBuf);
        this.bitBuf = 0;
        this.bitCount = 0;
      }
    }
  }

  /** Ends a run of bits, padding the last byte with zeros. */
  flushBits(): void {
    if (this.bitCount === 0) return;
    this.bytes.push(this.bitBuf << (8 - this.bitCount));
    this.bitBuf = 0;
    this.bitCount = 0;
  }

  result(): Uint8Array {
    this.flushBits();
    return Uint8Array.from(this.bytes);
  }
}

/** Thrown by {@link ByteReader} when the data ends early or a number is too large. */
export class ReadError extends Error {}

/** Reads what a {@link ByteWriter} wrote, in the same order. */
export class ByteReader {
  private pos = 0;
  private bitPos = 0;

  constructor(private readonly data: Uint8Array) {}

  byte(): number {
    this.endBits();
    if (this.pos >= this.data.length) throw new ReadError('it ends too early');
    return this.data[this.pos++]!;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 8; i++) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if (value > Number.MAX_SAFE_INTEGER) throw new ReadError('it holds a number too large');
      if ((b & 0x80) === 0) return value;
      scale *= 0x80;
    }
    throw new ReadError('it holds a number too large');
  }

  bits(width: number): number {
    let v = 0;
    for (let i = 0; i < width; i++) {
      if (this.pos >= this.data.length) throw new ReadError('it ends too early');
      const bit = (this.data[this.pos]! >> (7 - this.bitPos)) & 1;
      v = (v << 1) | bit;
      this.bitPos++;
      if (this.bitPos === 8) {
        this.bitPos = 0;
        this.pos++;
      }
    }
    return v;
  }

  /** Bits left from here to the end. */
  bitsLeft(): number {
    return (this.data.length - this.pos) * 8 - this.bitPos;
  }

  /** Skips the padding after a run of bits. */
  endBits(): void {
    if (this.bitPos === 0) return;
    this.bitPos = 0;
    this.pos++;
  }

  get atEnd(): boolean {
    return this.pos >= this.data.length && this.bitPos === 0;
  }
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/** CRC-32 (the zlib polynomial) of bytes. */
export function crc32(data: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of data) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const INDEX = new Map([...ALPHABET].map((ch, i) => [ch, i]));

/** URL-safe base64 (RFC 4648 §5) without padding. */
export function toBase64Url(data: Uint8Array): string {
  let out = '';
  for (let i = 0; i < data.length; i += 3) {
    const n = (data[i]! << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((data.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += ALPHABET[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The bytes of unpadded URL-safe base64, or null when a character or the length is wrong. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 6) / 8));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (const ch of text) {
    const v = INDEX.get(ch);
    if (v === undefined) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  // The unused low bits of the last character must be zero: one text per byte string.
  if ((acc & ((1 << bits) - 1)) !== 0) return null;
  return out;
}
