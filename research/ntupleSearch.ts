/**
 * The expectimax search evaluating with a folded n-tuple network (ntuple.ts) instead of the
 * per-line table: 4 line and 9 square look-ups a position instead of 8 line look-ups. An
 * experiment (docs/ai.md): the 4-tuple network trained so far does not beat the
 * hand-written evaluation in games, so no preset uses it.
 */

import { Expectimax } from '../src/solvers/ai2048/search.ts';
import { foldedValue, type NTupleTables } from './ntuple.ts';

export class NTupleExpectimax extends Expectimax {
  private readonly net: NTupleTables;

  /** A searcher for one network (see Expectimax for `ttBits`). */
  constructor(net: NTupleTables, ttBits = 20) {
    // The base class's per-line table is never read here.
    super(new Float32Array(65536), ttBits);
    this.net = net;
  }

  /** The network's value of board (a, b) with transpose (ta, tb). */
  protected override value(a: number, b: number, ta: number, tb: number): number {
    return foldedValue(this.net, a, b, ta, tb);
  }
}
