/**
 * The plain sliding puzzle for pipes and scripts: one command per line in, the board as text
 * out after each. Commands are processed strictly in order, also when a hint has to wait for
 * the solver. The game loop is the shared controller's; letters mean what they mean in the
 * full-screen game, and a number slides that tile (as a click does there).
 */
import type { Puzzle } from '../engine/puzzle.ts';
import { elapsedMs } from '../engine/puzzle.ts';
import { randomSeed } from '../engine/rng.ts';
import { ControllerPuzzle } from '../front/controllerPuzzle.ts';
import { formatNumber, formatSolveTime, formatTime } from '../front/format.ts';
import { keyPuzzle } from '../front/keymap.ts';
import {
  type CommandPuzzle,
  hintTile,
  type ModelPuzzle,
  puzzleName,
  seriesDone,
  seriesName,
  seriesTimeMs,
} from '../front/modelPuzzle.ts';
import type { PuzzleSolver, StorePuzzle } from '../front/ports.ts';
import { seriesLines, summaryLines } from '../front/solveText.ts';
import { fileStorePuzzle } from '../storage/storePuzzle.ts';
import {
  eachLine,
  noticeWriter,
  type PlainHook,
  type PlainIo,
  plainKey,
  unknownCommand,
  withoutQuestion,
} from './plainIo.ts';
import { solverClient } from './solvers.ts';

/** How long a solve's summary waits for the optimal move count before it goes without. */
const OPTIMAL_WAIT_MS = 10_000;

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

function status(m: ModelPuzzle, now: number): string {
  const p = m.puzzle;
  const lines = [
    ...(m.series && !seriesDone(m.series) ? [seriesLine(m, now)] : []),
    `${puzzleName(p.width)}  Moves: ${formatNumber(p.moves)}  Time: ${formatTime(elapsedMs(p, now))}`,
    puzzleText(p),
  ];
  if (p.solved && p.moves > 0 && !m.series) {
    lines.push(`Solved in ${formatNumber(p.moves)} moves (${formatTime(elapsedMs(p, now))}).`);
    if (m.summary) lines.push(...summaryLines(m.summary));
  }
  return `${lines.join('\n')}\n`;
}

/** "Relay 3×3 → 6×6 · puzzle 2 of 4 · total 12.345". */
function seriesLine(m: ModelPuzzle, now: number): string {
  const s = m.series!;
  return `${seriesName(s)} · puzzle ${s.splits.length + 1} of ${s.widths.length} · total ${formatSolveTime(seriesTimeMs(m, now))}`;
}

/** The command a line stands for: null for no command, 'none' for one that does nothing now. */
export function plainCommandPuzzle(line: string, model: ModelPuzzle): CommandPuzzle | null {
  if (/^\d+$/.test(line)) return { type: 'tile', tile: Number(line) };
  const key = line === 'continue' ? null : plainKey(line, 'wasdhjkluniq');
  if (key === null) return null;
  return withoutQuestion(keyPuzzle({ key }, model), { type: 'new-confirmed' });
}

export async function runPlainPuzzle(
  start: ModelPuzzle,
  dataDir: string,
  solver: () => Promise<PuzzleSolver>,
  io: PlainIo,
  /** The daily challenge's (or a series') store and seed instead of the usual ones. */
  daily?: { readonly store: StorePuzzle; readonly seed: () => number; readonly hook?: PlainHook },
): Promise<number> {
  const out = (s: string) => io.output.write(s);
  const game = new ControllerPuzzle({
    model: { ...start, notice: null },
    store: daily?.store ?? fileStorePuzzle(dataDir),
    solver,
    // On a thread of its own, so that input is never held up by it.
    optimalSolver: solverClient,
    seed: daily?.seed ?? randomSeed,
    onChange: () => {},
    prepareTables: false,
  });
  game.resume();
  const say = noticeWriter(io);
  say(start.notice);
  out(status(game.model, Date.now()));

  /** Waits for the solver's plan for the position on screen; false when it failed. */
  const plan = async (cmd: CommandPuzzle): Promise<boolean> => {
    game.dispatch(cmd);
    await game.settled();
    say(game.model.notice);
    return game.model.plan !== null && game.model.hint;
  };

  const solveOrHint = async (line: string) => {
    if (game.model.puzzle.solved) {
      out('Already solved.\n');
      return;
    }
    if (line === 'solve') {
      // A game whose whole solution was shown sets no record.
      if (await plan({ type: 'show-solution' })) {
        const tiles = game.model.plan!.tiles;
        out(`Solution (${tiles.length} moves): ${tiles.join(' ')}\n`);
      }
    } else if (game.model.hint || (await plan({ type: 'hint' }))) {
      out(`Hint: slide ${hintTile(game.model)}\n`);
    }
    // The hint is shown once: no solving after every move.
    if (game.model.hint) game.dispatch({ type: 'hint' });
  };

  await eachLine(
    io,
    PLAIN_PUZZLE_HELP,
    async (line, raw) => {
      if (line === 'i' || line === 'hint' || line === 'solve') {
        await solveOrHint(line);
        return true;
      }
      const cmd = plainCommandPuzzle(line, game.model);
      if (!cmd) {
        unknownCommand(io, raw, PLAIN_PUZZLE_HELP);
        return true;
      }
      if (cmd.type === 'quit') return false;
      const w = game.model.puzzle.width;
      if (cmd.type === 'tile' && (cmd.tile < 1 || cmd.tile >= w * w)) {
        io.error.write(`there is no tile ${cmd.tile} on the ${w}×${w} board\n`);
        return true;
      }
      const solved = game.model.puzzle.solved;
      const before = game.model;
      game.dispatch(cmd);
      for (const l of seriesLines(before, game.model)) out(`${l}\n`);
      say(game.model.notice);
      // The solve's summary waits (a while) for its optimal move count.
      if (!solved && game.model.puzzle.solved && !game.model.series) {
        await game.optimalSettled(OPTIMAL_WAIT_MS);
      }
      out(status(game.model, Date.now()));
      await daily?.hook?.after();
      return true;
    },
    daily?.hook && ((raw) => daily.hook!.take(raw)),
  );
  await daily?.hook?.finish();
  const end = game.close();
  out(`Moves: ${formatNumber(end.puzzle.moves)}${end.puzzle.solved ? ' (solved)' : ''}\n`);
  return 0;
}
