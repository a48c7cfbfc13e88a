/**
 * Plain 2048 for pipes and scripts: one command per line in, the board as text out after each.
 * Deterministic with a seed. Unknown commands get a message on stderr and the game goes on.
 */
import { createInterface } from 'node:readline';
import type { Cells } from '../engine/game2048.ts';
import { randomSeed } from '../engine/rng.ts';
import type { Direction } from '../engine/types.ts';
import { formatNumber } from '../front/format.ts';
import { type Command, type Model, phase, update } from '../front/model2048.ts';
import { save2048 } from '../storage/store2048.ts';
import { SaveThrottle } from '../storage/throttle.ts';

const COMMANDS: Record<string, Command> = {
  w: { type: 'move', dir: 'up' },
  up: { type: 'move', dir: 'up' },
  k: { type: 'move', dir: 'up' },
  s: { type: 'move', dir: 'down' },
  down: { type: 'move', dir: 'down' },
  j: { type: 'move', dir: 'down' },
  a: { type: 'move', dir: 'left' },
  left: { type: 'move', dir: 'left' },
  h: { type: 'move', dir: 'left' },
  d: { type: 'move', dir: 'right' },
  right: { type: 'move', dir: 'right' },
  l: { type: 'move', dir: 'right' },
  u: { type: 'undo' },
  undo: { type: 'undo' },
  n: { type: 'new-confirmed' },
  new: { type: 'new-confirmed' },
  c: { type: 'keep-going' },
  continue: { type: 'keep-going' },
  q: { type: 'quit' },
  quit: { type: 'quit' },
};

export const PLAIN_HELP =
  'commands: w/up, a/left, s/down, d/right (or h j k l), u undo, i hint, n new game, c keep going after a win, q quit';

/** The board as text: right-aligned numbers, '.' for empty cells. */
export function boardText(cells: Cells): string {
  let width = 4;
  for (const row of cells) for (const v of row) width = Math.max(width, String(v).length + 1);
  return cells
    .map((row) => row.map((v) => (v === 0 ? '.' : String(v)).padStart(width)).join(''))
    .join('\n');
}

function status(model: Model): string {
  const g = model.game;
  const lines = [
    `Score: ${formatNumber(g.score)}  Best: ${formatNumber(model.best)}  Moves: ${formatNumber(g.moves)}`,
    boardText(g.cells),
  ];
  const p = phase(g);
  if (p === 'won') {
    lines.push(`You reached ${formatNumber(g.target)}! Type c to keep going or n for a new game.`);
  } else if (p === 'over') {
    lines.push('Game over: no moves left. Type u to undo, n for a new game, q to quit.');
  }
  return `${lines.join('\n')}\n`;
}

/** The AI, for hints and autoplay in plain mode (loaded only when asked for). */
export type PlainAdvisor = () => Promise<
  (cells: number[][], purpose: 'hint' | 'autoplay') => Direction | null
>;

/** Runs plain mode on the given streams; resolves with the exit code. */
export async function runPlain2048(
  start: Model,
  dataDir: string,
  io: { input: NodeJS.ReadableStream; output: NodeJS.WritableStream; error: NodeJS.WritableStream },
  advisor?: PlainAdvisor,
): Promise<number> {
  let model = start;
  const out = (s: string) => io.output.write(s);
  if (model.notice) io.error.write(`${model.notice}\n`);
  out(status(model));
  const save = () => {
    try {
      save2048(dataDir, model.game, model.best);
    } catch (e) {
      io.error.write(`could not save the game: ${(e as Error).message}\n`);
    }
  };
  if (model.autoplay && advisor) {
    // Watching in plain mode: the AI plays the whole game, the board printed after each move.
    const ai = await advisor();
    // Saved once a second rather than after each of thousands of moves (and at the end).
    const saver = new SaveThrottle(save, 1000);
    while (model.autoplay) {
      const dir = ai(
        model.game.cells.map((r) => [...r]),
        'autoplay',
      );
      model = update(model, { type: 'ai-answer', game: model.game, dir }, randomSeed);
      saver.soon();
      if (model.notice) io.error.write(`${model.notice}\n`);
      out(status(model));
    }
    saver.flush();
    out(`Final score: ${formatNumber(model.game.score)}\n`);
    return 0;
  }
  const rl = createInterface({ input: io.input, terminal: false });
  // Lines are handled strictly in order, also while a hint waits for the AI to load.
  for await (const raw of rl) {
    const line = raw.trim().toLowerCase();
    if (line === '') continue;
    if (line === '?' || line === 'help') {
      out(`${PLAIN_HELP}\n`);
      continue;
    }
    if ((line === 'i' || line === 'hint') && advisor) {
      const ai = await advisor();
      const dir = model.game.over
        ? null
        : ai(
            model.game.cells.map((r) => [...r]),
            'hint',
          );
      out(dir ? `Hint: ${dir}\n` : 'Hint: no moves left.\n');
      continue;
    }
    const cmd = COMMANDS[line];
    if (!cmd) {
      io.error.write(`unknown command ${JSON.stringify(raw.trim())}; ${PLAIN_HELP}\n`);
      continue;
    }
    const before = model;
    model = update(model, cmd, randomSeed);
    if (model.game !== before.game) save();
    if (model.quit) break;
    if (model.notice) io.error.write(`${model.notice}\n`);
    out(status(model));
  }
  rl.close();
  out(`Final score: ${formatNumber(model.game.score)}\n`);
  return 0;
}
