/**
 * Several slidebox processes finishing games into one data directory at the same moment keep
 * every history entry and every record: eight writers at once, repeated, through the storage
 * layer as fast as it goes and through the real CLI in plain mode.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseHistory } from '../../src/front/history.ts';
import { CLI, cleanEnv, ROOT, requireBuiltCli, TempDirs } from './helpers/cli.ts';

const dirs = new TempDirs();
afterAll(() => dirs.cleanup());

const PROCESSES = 8;

interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a process to its end with `input` on stdin. */
function run(args: readonly string[], input = ''): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env: cleanEnv() });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

function history(dir: string) {
  const parsed = parseHistory(JSON.parse(readFileSync(join(dir, 'history.json'), 'utf8')));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

function stats(dir: string): {
  versus?: Record<string, { wins: number }>;
  best2048?: Record<string, number>;
} {
  return JSON.parse(readFileSync(join(dir, 'stats.json'), 'utf8'));
}

describe('eight processes finishing games at once', () => {
  it('the storage keeps every history entry and every result (3 rounds of 8 × 40)', async () => {
    const dir = dirs.make();
    const writer = join(ROOT, 'src', 'testing', 'concurrentWriter.ts');
    const each = 40;
    const rounds = 3;
    for (let round = 1; round <= rounds; round++) {
      // Every writer waits for the same instant, so their writes overlap.
      const startAt = Date.now() + 2500;
      const ends = await Promise.all(
        Array.from({ length: PROCESSES }, (_, id) =>
          run(['--import', 'tsx', writer, dir, String(id), String(each), String(startAt)]),
        ),
      );
      for (const e of ends) {
        expect(e.stderr).toBe('');
        expect(e.stdout.trim()).toBe('failed 0');
        expect(e.code).toBe(0);
      }
      const kept = history(dir).entries;
      const expected = round * PROCESSES * each;
      console.info(
        `round ${round}: ${PROCESSES} processes × ${each} games → ${kept.length} of ${expected} history entries, ${stats(dir).versus?.human?.wins ?? 0} of ${expected} results kept`,
      );
      expect(kept.length).toBe(expected);
      // Every writer's games, each once, in the order that writer finished them.
      for (let id = 0; id < PROCESSES; id++) {
        const mine = kept.filter((e) => Math.floor(e.score! / 100_000) === id).map((e) => e.score);
        expect(mine).toEqual(
          Array.from({ length: round * each }, (_, i) => id * 100_000 + (i % each)),
        );
      }
      expect(stats(dir).versus?.human?.wins).toBe(expected);
    }
  });

  it('the CLI in plain mode: 8 players finishing 12 games each at once keep all 96, twice', async () => {
    requireBuiltCli();
    const dir = dirs.make();
    const games = 12;
    // Two slides (one of them always moves a two-tile board), then a new game: one finished
    // game each time; the last, fresh game is quit unplayed and not counted.
    const input = `${'a\nd\nn\n'.repeat(games)}q\n`;
    for (let round = 1; round <= 2; round++) {
      const ends = await Promise.all(
        Array.from({ length: PROCESSES }, (_, i) =>
          run(
            [CLI, '--plain', '--seed', String(1000 * round + i), '--new', '--data-dir', dir],
            input,
          ),
        ),
      );
      for (const e of ends) {
        expect(e.stderr).toBe('');
        expect(e.code).toBe(0);
      }
      const kept = history(dir).entries;
      const expected = round * PROCESSES * games;
      console.info(
        `plain round ${round}: ${PROCESSES} processes × ${games} games → ${kept.length} of ${expected} entries kept`,
      );
      expect(kept.length).toBe(expected);
      // Each a different game: no entry was written twice.
      expect(new Set(kept.map((e) => e.code)).size).toBe(expected);
      // The best score is the best of every game finished.
      const top = Math.max(...kept.map((e) => e.score ?? 0));
      expect(stats(dir).best2048?.['4']).toBe(top);
    }
  });
});
