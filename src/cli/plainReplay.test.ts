import { describe, expect, it } from 'vitest';
import { movableTiles, moveTile, newPuzzle } from '../engine/puzzle.ts';
import { encodeShared, sharedPuzzle } from '../engine/shareCode.ts';
import { type Replay, readShareCode } from '../engine/shareReplay.ts';
import { replayClock, START_SHOWN_MS } from '../front/modelReplay.ts';
import { parsePace, playPlain } from './plainReplay.ts';

function timed(gaps: readonly number[]): Replay & { kind: 'puzzle' } {
  let p = newPuzzle({ width: 3, seed: 21 });
  let now = 0;
  for (const gap of gaps) {
    now += gap;
    const last = p.last?.tile;
    p = moveTile(p, movableTiles(p).filter((t) => t !== last)[0]!, now);
  }
  const s = sharedPuzzle(p);
  if (!s.ok) throw new Error(s.error.message);
  const r = readShareCode(encodeShared(s.value));
  if (!r.ok || r.value.kind !== 'puzzle') throw new Error('replay');
  return r.value;
}

/** Plays on a fake clock: the lines and the wall time each was written at. */
async function played(r: Replay & { kind: 'puzzle' }, pace: Parameters<typeof parsePace>[0]) {
  let t = 0;
  const lines: [number, string][] = [];
  await playPlain(r, replayClock(r)!, {
    pace: parsePace(pace)!,
    out: (s) => lines.push([t, s]),
    now: () => t,
    sleep: async (ms) => {
      t += ms;
    },
  });
  return lines;
}

describe('plain replays with move times', () => {
  it('--pace takes the paces of the screen, and max', () => {
    expect(['0.25', '0.5', '1', '2', '4', 'max'].map(parsePace)).toEqual([
      0.25,
      0.5,
      1,
      2,
      4,
      'max',
    ]);
    for (const bad of ['', ' ', '3', 'x', '1x', '-1']) expect(parsePace(bad)).toBeNull();
  });

  it('writes each move when the solve made it, times the pace', async () => {
    const r = timed([0, 300, 120, 2000]);
    const real = await played(r, '1');
    expect(real.map(([, s]) => s.split(':')[0])).toEqual([
      'Move 1 at 0.000',
      'Move 2 at 0.300',
      'Move 3 at 0.420',
      'Move 4 at 2.420',
    ]);
    expect(real[0]![1]).toMatch(/^Move 1 at 0\.000: tile \d+ (up|down|left|right)\n$/);
    const at = real.map(([t]) => t);
    expect(at).toEqual([0, 300, 420, 2420].map((x) => x + START_SHOWN_MS));
    expect((await played(r, '4')).map(([t]) => t)).toEqual(at.map((x) => x / 4));
    expect((await played(r, 'max')).map(([t]) => t)).toEqual([0, 0, 0, 0]);
  });
});
