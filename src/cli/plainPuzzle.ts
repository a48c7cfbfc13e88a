/**
 * The plain sliding puzzle for pipes and scripts: one command per line in, the board as text
 * out after each. Commands are processed strictly in order, also when a hint has to wait for
 * the solver.
 */
import { createInterface } from 'node:readline';
import { elapsedMs, type Puzzle } from '../engine/puzzle.ts';
import { randomSeed } from '../engine/rng.ts';
import type { Direction } from '../engine/types.ts';
import { formatNumber, formatTime } from '../front/format.ts';
import {
  type PuzzleCommand,
  type PuzzleModel,
  puzzleName,
  updatePuzzle,
} from '../front/modelPuzzle.ts';
import { recordPuzzleSolve, savePuzzle } from '../storage/storePuzzle.ts';

const DIRS: Record<string, Direction> = {
  w: 'up',
  up: 'up',
  k: 'up',
  s: 'down',
  down: 'down',
  j: 'down',
  a: 'left',
  left: 'left',
  h: 'left',
  d: 'right',
  right: 'right',
  l: 'right',
};

export const PLAIN_PUZZLE_HELP =
  'commands: w/up, a/left, s/down, d/right (or h j k l) slide a tile that way; a tile number slides that tile; u undo; i hint; solve (print a solution); n new game; q quit';

/** The board as text: right-aligned numbers, '.' for the gap. */
export function puzzleText(p: Puzzle): string {
  const width = String(p.width * p.width - 1).length + 1;
  const rows: string[] = [];
  for (let r = 0; r < p.width; r++) {
    const row = p.tiles.slice(r * p.width, (r + 1) * p.width);
    rows.push(row.map((t) => (t === 0 ? '.' : String(t)).padStart(width)).join(''));
  }
  return rows.join('\n');
}

function status(m: PuzzleModel, now: number): string {
  const p = m.puzzle;
  const lines = [
    `${puzzleName(p.width)}  Moves: ${formatNumber(p.moves)}  Time: ${formatTime(elapsedMs(p, now))}`,
    puzzleText(p),
  ];
  if (p.solved && p.moves > 0)
    lines.push(`Solved in ${formatNumber(p.moves)} moves (${formatTime(elapsedMs(p, now))}).`);
  return `${lines.join('\n')}\n`;
}

export async function runPlainPuzzle(
  start: PuzzleModel,
  dataDir: string,
  solve: (tiles: readonly number[], width: number) => Promise<number[]>,
  io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; error: NodeJS.WritableStream },
): Promise<number> {
  let model = start;
  const out = (s: string) => io.output.write(s);
  if (model.notice) io.error.write(`${model.notice}\n`);
  out(status(model, Date.now()));
  const rl = createInterface({ input: io.input, terminal: false });
  for await (const raw of rl) {
    const line = raw.trim().toLowerCase();
    if (line === '') continue;
    if (line === '?' || line === 'help') {
      out(`${PLAIN_PUZZLE_HELP}\n`);
      continue;
    }
    if (line === 'i' || line === 'hint' || line === 'solve') {
      if (model.puzzle.solved) {
        out('Already solved.\n');
        continue;
      }
      try {
        const tiles = await solve(model.puzzle.tiles, model.puzzle.width);
        out(
          line === 'solve'
            ? `Solution (${tiles.length} moves): ${tiles.join(' ')}\n`
            : `Hint: slide ${tiles[0]}\n`,
        );
        // A game whose whole solution was shown sets no record.
        if (line === 'solve') model = { ...model, assisted: true };
      } catch (e) {
        io.error.write(`the solver failed: ${(e as Error).message}\n`);
      }
      continue;
    }
    let cmd: PuzzleCommand | null = null;
    if (DIRS[line]) cmd = { type: 'move', dir: DIRS[line]! };
    else if (/^\d+$/.test(line)) cmd = { type: 'tile', tile: Number(line) };
    else if (line === 'u' || line === 'undo') cmd = { type: 'undo' };
    else if (line === 'n' || line === 'new') cmd = { type: 'new-confirmed' };
    else if (line === 'q' || line === 'quit') break;
    if (!cmd) {
      io.error.write(`unknown command ${JSON.stringify(raw.trim())}; ${PLAIN_PUZZLE_HELP}\n`);
      continue;
    }
    if (cmd.type === 'tile' && (cmd.tile < 1 || cmd.tile >= model.puzzle.width ** 2)) {
      io.error.write(
        `there is no tile ${cmd.tile} on the ${model.puzzle.width}×${model.puzzle.width} board\n`,
      );
      continue;
    }
    const before = model;
    const now = Date.now();
    model = updatePuzzle(model, cmd, { now, seed: randomSeed });
    if (model.puzzle !== before.puzzle) {
      try {
        if (model.puzzle.solved && !before.puzzle.solved && !model.assisted) {
          recordPuzzleSolve(
            dataDir,
            model.puzzle.width,
            model.puzzle.moves,
            elapsedMs(model.puzzle, now),
          );
        }
        savePuzzle(dataDir, model.puzzle, now, model.assisted);
      } catch (e) {
        io.error.write(`could not save the game: ${(e as Error).message}\n`);
      }
    }
    if (model.notice) io.error.write(`${model.notice}\n`);
    out(status(model, now));
  }
  rl.close();
  out(`Moves: ${formatNumber(model.puzzle.moves)}${model.puzzle.solved ? ' (solved)' : ''}\n`);
  return 0;
}
