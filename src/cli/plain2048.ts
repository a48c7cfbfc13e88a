/**
 * Plain 2048 for pipes and scripts: one command per line in, the board as text out after each.
 * Deterministic with a seed. Unknown commands get a message on stderr and the game goes on. The
 * game loop is the shared controller's; letters mean what they mean in the full-screen game.
 */
import type { Cells } from '../engine/game2048.ts';
import { randomSeed } from '../engine/rng.ts';
import type { Placer } from '../engine/spawn.ts';
import { type Change2048, Controller2048 } from '../front/controller2048.ts';
import { formatNumber } from '../front/format.ts';
import { key2048 } from '../front/keymap.ts';
import { type Command2048, type Model2048, phase, shownHint } from '../front/model2048.ts';
import type { Advisor, Store2048 } from '../front/ports.ts';
import { fileStore2048 } from '../storage/store2048.ts';
import {
  eachLine,
  noticeWriter,
  type PlainHook,
  type PlainIo,
  plainKey,
  unknownCommand,
  withoutQuestion,
} from './plainIo.ts';

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

function status(model: Model2048): string {
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

/** The command a line stands for: null for no command, 'none' for one that does nothing now. */
export function plainCommand2048(line: string, model: Model2048): Command2048 | null {
  const key = plainKey(line, 'wasdhjklunciq');
  if (key === null) return null;
  return withoutQuestion(key2048({ key }, model), { type: 'new-confirmed' });
}

/** Runs plain mode on the given streams; resolves with the exit code. */
export async function runPlain2048(
  start: Model2048,
  dataDir: string,
  io: PlainIo,
  advisor: () => Promise<Advisor>,
  place?: Placer,
  /** The daily challenge's store and seed instead of the usual ones. */
  daily?: { readonly store: Store2048; readonly seed: () => number; readonly hook?: PlainHook },
): Promise<number> {
  const out = (s: string) => io.output.write(s);
  const say = noticeWriter(io);
  const show = (m: Model2048) => {
    say(m.notice);
    out(status(m));
  };
  let watching: (() => void) | null = null;
  const onChange = (c: Change2048) => {
    // Watching the AI play: the board after each of its moves, until the game ends.
    if (c.cmd.type !== 'ai-answer' && c.cmd.type !== 'ai-failed') return;
    if (c.model.game !== c.before.game || c.cmd.type === 'ai-failed') show(c.model);
    if (!c.model.autoplay) watching?.();
  };
  // Plain mode has no one to pace the AI for: autoplay moves come as fast as it answers.
  const game = new Controller2048({
    model: { ...start, speed: 0, notice: null },
    store: daily?.store ?? fileStore2048(dataDir, start.evil),
    advisor,
    place,
    seed: daily?.seed ?? randomSeed,
    onChange,
  });
  show(start);
  if (start.autoplay) {
    await new Promise<void>((resolve) => {
      watching = resolve;
      game.start();
    });
  } else {
    await eachLine(
      io,
      PLAIN_HELP,
      async (line, raw) => {
        const cmd = plainCommand2048(line, game.model);
        if (!cmd) {
          unknownCommand(io, raw, PLAIN_HELP);
          return true;
        }
        if (cmd.type === 'quit') return false;
        if (cmd.type === 'hint' && game.model.game.over) {
          out('Hint: no moves left.\n');
          return true;
        }
        game.dispatch(cmd);
        if (cmd.type !== 'hint') {
          show(game.model);
          await daily?.hook?.after();
          return true;
        }
        await game.settled();
        const dir = shownHint(game.model);
        if (game.model.notice) io.error.write(`${game.model.notice}\n`);
        else out(dir ? `Hint: ${dir}\n` : 'Hint: no moves left.\n');
        return true;
      },
      daily?.hook && ((raw) => daily.hook!.take(raw)),
    );
  }
  await daily?.hook?.finish();
  const end = game.close();
  out(`Final score: ${formatNumber(end.game.score)}\n`);
  return 0;
}
