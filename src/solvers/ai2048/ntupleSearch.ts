/**
 * The expectimax search evaluating with a folded n-tuple network (ntuple.ts) instead of the
 * per-line table: 4 line and 9 square look-ups a position instead of 8 line look-ups. An
 * experiment (bench/ai-results.md): the 4-tuple network trained so far does not beat the
 * hand-written evaluation in games, so no preset uses it.
 */
import type { NTupleTables } from './ntuple.ts';
import { Expectimax } from './search.ts';

export class NTupleExpectimax extends Expectimax {
  private readonly outer: Float32Array;
  private readonly inner: Float32Array;
  private readonly s0: Float32Array;
  private readonly s1: Float32Array;
  private readonly s2: Float32Array;
  private readonly s3: Float32Array;
  private readonly s4: Float32Array;
  private readonly s5: Float32Array;
  private readonly s6: Float32Array;
  private readonly s7: Float32Array;
  private readonly s8: Float32Array;

  /** A searcher for one network (see Expectimax for `ttBits`). */
  constructor(net: NTupleTables, ttBits = 20) {
    // The base class's per-line table is never read here.
    super(new Float32Array(65536), ttBits);
    this.outer = net.outer;
    this.inner = net.inner;
    [this.s0, this.s1, this.s2, this.s3, this.s4, this.s5, this.s6, this.s7, this.s8] =
      net.squares as [
        Float32Array,
        Float32Array,
        Float32Array,
        Float32Array,
        Float32Array,
        Float32Array,
        Float32Array,
        Float32Array,
        Float32Array,
      ];
  }

  /** The network's value (ntuple.ts `tablesValue`) of board (a, b) with transpose (ta, tb). */
  protected override value(a: number, b: number, ta: number, tb: number): number {
    const outer = this.outer;
    const inner = this.inner;
    return (
      outer[a & 0xffff]! +
      inner[a >>> 16]! +
      inner[b & 0xffff]! +
      outer[b >>> 16]! +
      outer[ta & 0xffff]! +
      inner[ta >>> 16]! +
      inner[tb & 0xffff]! +
      outer[tb >>> 16]! +
      this.s0[(a & 0xff) | ((a >>> 8) & 0xff00)]! +
      this.s1[((a >>> 4) & 0xff) | ((a >>> 12) & 0xff00)]! +
      this.s2[((a >>> 8) & 0xff) | ((a >>> 16) & 0xff00)]! +
      this.s3[((a >>> 16) & 0xff) | ((b << 8) & 0xff00)]! +
      this.s4[((a >>> 20) & 0xff) | ((b << 4) & 0xff00)]! +
      this.s5[((a >>> 24) & 0xff) | (b & 0xff00)]! +
      this.s6[(b & 0xff) | ((b >>> 8) & 0xff00)]! +
      this.s7[((b >>> 4) & 0xff) | ((b >>> 12) & 0xff00)]! +
      this.s8[((b >>> 8) & 0xff) | ((b >>> 16) & 0xff00)]!
    );
  }
}
