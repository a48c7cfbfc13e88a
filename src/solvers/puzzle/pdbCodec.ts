/**
 * The stored form of a pattern database: a header naming the board and pattern, a checksum,
 * and the table as it is in memory (one byte per placement in rank order: 5.8 MB for a 6-tile
 * table of the 15-puzzle). Decoding checks everything, so a truncated or damaged file is
 * reported and can be rebuilt.
 */
import { err, ok, type Problem, problem, type Result } from '../../engine/result.ts';
import { type PatternDb, UNSET } from './pdb.ts';
import { placementCount } from './pdbCompact.ts';

const MAGIC = [0x53, 0x42, 0x50, 0x44, 0x42, 0x0a]; // "SBPDB\n"
// Format 3: the table in rank order.
const FORMAT = 3;
const HEADER = 32;

export type PdbDecodeProblem = Problem<'bad-pdb'>;

/**
 * A 32-bit checksum (FNV-1a style, a 32-bit word at a time, then the tail bytes): it catches
 * truncation, garbage and flipped bits; it is not meant to resist tampering.
 */
export function checksum(bytes: Uint8Array): number {
  let h = 0x811c9dc5;
  const words = bytes.length >>> 2;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let i = 0; i < words; i++) {
    h = Math.imul(h ^ view.getUint32(i * 4, true), 0x01000193);
    h ^= h >>> 15;
  }
  for (let i = words * 4; i < bytes.length; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** Stored form of a database. */
export function encodePatternDb(db: PatternDb): Uint8Array {
  const n = db.width * db.height;
  const k = db.pattern.length;
  const count = placementCount(n, k);
  if (db.table.length !== count) throw new RangeError('pattern database table has the wrong size');
  const out = new Uint8Array(HEADER + count);
  const payload = out.subarray(HEADER);
  payload.set(db.table);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  out[6] = FORMAT;
  out[7] = db.width;
  out[8] = db.height;
  out[9] = k;
  db.pattern.forEach((t, i) => {
    out[10 + i] = t;
  });
  view.setUint32(20, count, true);
  view.setUint32(24, checksum(payload), true);
  view.setUint32(28, checksum(out.subarray(0, 28)), true);
  return out;
}

/** Decodes and checks a stored database that should be for this board and pattern. */
export function decodePatternDb(
  bytes: Uint8Array,
  width: number,
  height: number,
  pattern: readonly number[],
): Result<PatternDb, PdbDecodeProblem> {
  const bad = (m: string) => err(problem('bad-pdb', `pattern database file ${m}`));
  if (bytes.length < HEADER) return bad(`is too short (${bytes.length} bytes)`);
  if (MAGIC.some((b, i) => bytes[i] !== b)) return bad('does not start with the expected magic');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(28, true) !== checksum(bytes.subarray(0, 28)))
    return bad('has a damaged header');
  if (bytes[6] !== FORMAT) return bad(`has format ${bytes[6]}, expected ${FORMAT}`);
  const k = pattern.length;
  if (bytes[7] !== width || bytes[8] !== height || bytes[9] !== k) {
    return bad('is for another board or pattern');
  }
  if (pattern.some((t, i) => bytes[10 + i] !== t)) return bad('is for another pattern');
  const n = width * height;
  const count = placementCount(n, k);
  if (view.getUint32(20, true) !== count || bytes.length !== HEADER + count) {
    return bad(`has the wrong length (${bytes.length} bytes, expected ${HEADER + count})`);
  }
  const payload = bytes.subarray(HEADER);
  if (checksum(payload) !== view.getUint32(24, true)) return bad('fails its checksum');
  if (payload.includes(UNSET)) return bad('has a placement with no distance');
  const table = payload.slice();
  return ok({ width, height, pattern: [...pattern], table });
}
