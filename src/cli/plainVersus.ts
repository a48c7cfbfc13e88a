/**
 * Plain versus for pipes and scripts: one command per line (`p1 a`, `p2 left`; against the AI a
 * bare direction moves your board and the AI answers with one move), both boards as text after
 * each. Deterministic with a seed. The match loop is the shared controller's.
 */
import { randomSeed } from '../engine/rng.ts';
import type { Direction } from '../engine/types.ts';
import type { VersusMatch } from '../engine/versus.ts';
import { ControllerVersus } from '../front/controllerVersus.ts';
import { formatNumber } from '../front/format.ts';
import { keyDirection } from '../front/keymap.ts';
import {
  type CommandVersus,
  type ModelVersus,
  resultLine,
  sideNames,
} from '../front/modelVersus.ts';
import type { Advisor, StoreVersus } from '../front/ports.ts';
import { fileStoreVersus } from '../storage/storeVersus.ts';
import { boardText } from './plain2048.ts';
import { eachLine, type PlainIo, plainKey, unknownCommand } from './plainIo.ts';

export const PLAIN_VERSUS_HELP =
  'commands: p1 DIR, p2 DIR (DIR: w a s d, up down left right, h j k l; against the AI a bare DIR moves your board and the AI answers), n new match, r rematch, q quit';

function direction(word: string): Direction | null {
  const key = plainKey(word, 'wasdhjkl');
  return key === null ? null : keyDirection({ key });
}

/** The command a line stands for, or null. */
export function plainCommandVersus(line: string, model: ModelVersus): CommandVersus | null {
  const words = line.split(/\s+/);
  if (words.length === 1) {
    if (line === 'n' || line === 'new') return { type: 'new-confirmed' };
    if (line === 'r' || line === 'rematch') return { type: 'rematch' };
    if (line === 'q' || line === 'quit') return { type: 'quit' };
    const dir = model.opponent.kind === 'ai' ? direction(line) : null;
    return dir ? { type: 'move', side: 0, dir } : null;
  }
  const side = words[0] === 'p1' ? 0 : words[0] === 'p2' ? 1 : null;
  const dir = words.length === 2 ? direction(words[1]!) : null;
  return side === null || dir === null ? null : { type: 'move', side, dir };
}

/** Both boards side by side under their names, with each side's score and next attack. */
export function versusBoardsText(match: VersusMatch, names: readonly string[]): string[] {
  const columns = match.games.map((g, i) => {
    const queue = match.queues[i]!;
    const next =
      queue.length === 0 ? '-' : `${queue[0]}${queue.length > 1 ? ` +${queue.length - 1}` : ''}`;
    return [
      `${names[i]}: ${formatNumber(g.score)}`,
      `next attack: ${next}`,
      ...boardText(g.cells).split('\n'),
    ];
  });
  const width = Math.max(...columns[0]!.map((l) => l.length)) + 4;
  return columns[0]!.map((l, i) => `${l.padEnd(width)}${columns[1]![i] ?? ''}`.trimEnd());
}

/** Both boards side by side, with each side's score, largest tile and next attack. */
export function versusText(m: ModelVersus): string {
  const lines = versusBoardsText(m.match, sideNames(m.opponent));
  const result = resultLine(m);
  if (result) lines.push(`${result} Type r for a rematch, n for a new match, q to quit.`);
  return `${lines.join('\n')}\n`;
}

/** Runs plain versus on the given streams; resolves with the exit code. */
export async function runPlainVersus(
  start: ModelVersus,
  dataDir: string,
  io: PlainIo,
  advisor: () => Promise<Advisor>,
  /** Where the match goes (default: the saves in the data directory). */
  store: StoreVersus = fileStoreVersus(dataDir),
): Promise<number> {
  const out = (s: string) => io.output.write(s);
  const game = new ControllerVersus({
    model: start,
    advisor,
    store,
    seed: randomSeed,
    onChange: () => {},
    lockstep: true,
  });
  out(versusText(game.model));
  await eachLine(io, PLAIN_VERSUS_HELP, async (line, raw) => {
    const cmd = plainCommandVersus(line, game.model);
    if (!cmd) {
      unknownCommand(io, raw, PLAIN_VERSUS_HELP);
      return true;
    }
    if (cmd.type === 'quit') return false;
    game.dispatch(cmd);
    await game.settled();
    if (game.model.notice) io.error.write(`${game.model.notice}\n`);
    out(versusText(game.model));
    return true;
  });
  const end = game.close();
  const [a, b] = end.match.games;
  out(`Final scores: ${formatNumber(a.score)} - ${formatNumber(b.score)}\n`);
  return 0;
}
