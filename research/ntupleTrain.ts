/**
 * Trains the n-tuple evaluation (src/solvers/ai2048/ntuple.ts) by TD(0) on afterstates: the
 * network plays itself greedily (the move with the best points + value of the afterstate) and
 * moves the value of each afterstate toward the next move's points + value of the next
 * afterstate (0 after the last move). Seeded and single-threaded: the same arguments give the
 * same weights.
 *
 *   npx tsx research/ntupleTrain.ts --games 100000 --alpha 0.0025 --out nt.bin [--in nt.bin]
 *     [--starts pos.jsonl --start-share 0.5]
 *
 * Prints, every --report games, the average score of those games, how many reached 2048 ... 16384,
 * and the training speed; writes the weights (little-endian float32) every report and at the end.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { quietOnClosedPipe } from '../src/cli/closedPipe.ts';
import { fitsPacked, move, moveScore, out, pack } from '../src/solvers/ai2048/board.ts';
import { readNetwork } from './aiSpec.ts';
import { NTupleNet } from './ntuple.ts';

quietOnClosedPipe();

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1]! : fallback;
}

const games = Number(arg('--games', '10000'));
const alpha = Number(arg('--alpha', '0.0025'));
const report = Number(arg('--report', '1000'));
const seed = Number(arg('--seed', '1'));
const outPath = arg('--out', 'ntuple.bin');
const inPath = arg('--in', '');
const startsPath = arg('--starts', '');
const startShare = Number(arg('--start-share', '0.5'));

const net = inPath ? readNetwork(inPath) : new NTupleNet();

// Start positions (research/aiPositions.ts gen): late-game boards that self-play from the empty
// board rarely reaches, so that the values of big-tile positions are learned too.
const starts: number[] = [];
if (startsPath) {
  for (const line of readFileSync(startsPath, 'utf8').trim().split('\n')) {
    const { c } = JSON.parse(line) as { c: number[][] };
    if (!fitsPacked(c)) continue;
    pack(c);
    starts.push(out.a | 0, out.b | 0);
  }
  console.log(`${starts.length / 2} start positions from ${startsPath}`);
}

// xorshift32: fast and seeded; training needs no more.
let s = seed >>> 0 || 1;
function rand(): number {
  s ^= s << 13;
  s ^= s >>> 17;
  s ^= s << 5;
  return (s >>> 0) / 4294967296;
}

const spawned = { a: 0, b: 0 };
/** Puts a 2 (0.9) or a 4 (0.1) in a random empty cell. */
function spawn(a: number, b: number): void {
  let empty = 0;
  for (let q = 0; q < 16; q++) {
    const w = q < 8 ? a : b;
    if (((w >>> ((q & 7) * 4)) & 0xf) === 0) empty++;
  }
  let k = Math.floor(rand() * empty);
  const e = rand() < 0.9 ? 1 : 2;
  for (let q = 0; q < 16; q++) {
    const shift = (q & 7) * 4;
    const w = q < 8 ? a : b;
    if (((w >>> shift) & 0xf) !== 0) continue;
    if (k-- === 0) {
      if (q < 8) a |= e << shift;
      else b |= e << shift;
      break;
    }
  }
  spawned.a = a;
  spawned.b = b;
}

function save(): void {
  const tmp = `${outPath}.tmp`;
  writeFileSync(tmp, Buffer.from(net.weights.buffer));
  renameSync(tmp, outPath);
}

const reach = [2048, 4096, 8192, 16384, 32768];
let blockScore = 0;
let blockMoves = 0;
let blockReach = reach.map(() => 0);
let t0 = performance.now();
for (let g = 1; g <= games; g++) {
  let a: number;
  let b: number;
  if (starts.length > 0 && rand() < startShare) {
    const k = Math.floor(rand() * (starts.length / 2));
    a = starts[2 * k]!;
    b = starts[2 * k + 1]!;
  } else {
    spawn(0, 0);
    spawn(spawned.a, spawned.b);
    a = spawned.a;
    b = spawned.b;
  }
  let score = 0;
  let havePrev = false;
  let pa = 0;
  let pb = 0;
  for (;;) {
    let best = Number.NEGATIVE_INFINITY;
    let ba = 0;
    let bb = 0;
    let br = 0;
    let bv = 0;
    for (let d = 0; d < 4; d++) {
      move(a, b, d);
      const na = out.a;
      const nb = out.b;
      if (na === a && nb === b) continue;
      const r = moveScore(a, b, d);
      const v = net.value(na, nb);
      if (r + v > best) {
        best = r + v;
        ba = na;
        bb = nb;
        br = r;
        bv = v;
      }
    }
    if (best === Number.NEGATIVE_INFINITY) {
      if (havePrev) net.update(pa, pb, alpha * (0 - net.value(pa, pb)));
      break;
    }
    if (havePrev) net.update(pa, pb, alpha * (br + bv - net.value(pa, pb)));
    havePrev = true;
    pa = ba;
    pb = bb;
    score += br;
    blockMoves++;
    spawn(ba, bb);
    a = spawned.a;
    b = spawned.b;
  }
  let max = 0;
  for (let q = 0; q < 16; q++) max = Math.max(max, ((q < 8 ? a : b) >>> ((q & 7) * 4)) & 0xf);
  blockScore += score;
  reach.forEach((t, i) => {
    if (2 ** max >= t) blockReach[i]!++;
  });
  if (g % report === 0 || g === games) {
    const n = g % report === 0 ? report : g % report;
    const secs = (performance.now() - t0) / 1000;
    console.log(
      `games ${g}: avg ${Math.round(blockScore / n)} · ` +
        reach.map((t, i) => `${t} ${((100 * blockReach[i]!) / n).toFixed(1)}%`).join(' · ') +
        ` · ${Math.round(blockMoves / secs)} moves/s`,
    );
    save();
    blockScore = 0;
    blockMoves = 0;
    blockReach = reach.map(() => 0);
    t0 = performance.now();
  }
}
