/**
 * Plain duel for pipes and scripts: a direction slides, `place ROW COL VALUE` places (rows and
 * columns from 1, value 2 or 4); the AI's turns are played at once. The board and whose turn
 * it is are printed after each command. The duel loop is the shared controller's.
 */
import { whoIs } from '../engine/duel.ts';
import { randomSeed } from '../engine/rng.ts';
import { ControllerDuel } from '../front/controllerDuel.ts';
import { formatNumber } from '../front/format.ts';
import { keyDirection } from '../front/keymap.ts';
import {
  type CommandDuel,
  duelResultLine,
  type ModelDuel,
  playerNames,
} from '../front/modelDuel.ts';
import type { Advisor, PlacerAi, StoreDuel } from '../front/ports.ts';
import { fileStoreDuel } from '../storage/storeVersus.ts';
import { boardText } from './plain2048.ts';
import { eachLine, type PlainIo, plainKey, unknownCommand } from './plainIo.ts';

export const PLAIN_DUEL_HELP =
  'commands: w/up, a/left, s/down, d/right (or h j k l) slide; place ROW COL VALUE places a 2 or a 4 (rows and columns from 1); n new duel, r rematch, q quit';

/** The command a line stands for, or null. */
export function plainCommandDuel(line: string): CommandDuel | null {
  if (line === 'n' || line === 'new') return { type: 'new-confirmed' };
  if (line === 'r' || line === 'rematch') return { type: 'rematch' };
  if (line === 'q' || line === 'quit') return { type: 'quit' };
  const place = /^place\s+(\d{1,2})\s+(\d{1,2})\s+(\d{1,5})$/.exec(line);
  if (place) {
    const value = Number(place[3]);
    if (value !== 2 && value !== 4) return null;
    const at = { row: Number(place[1]) - 1, col: Number(place[2]) - 1 };
    return { type: 'place', value, at };
  }
  const key = plainKey(line, 'wasdhjkl');
  const dir = key === null ? null : keyDirection({ key });
  return dir ? { type: 'slide', dir } : null;
}

/** The board, the roles and whose turn it is, as text. */
export function duelText(m: ModelDuel): string {
  const d = m.duel;
  const t = whoIs(d);
  const names = playerNames(m.players);
  const lines = [
    `Duel round ${d.round + 1} of 2  Sliding: ${names[t.slider]}  Placing: ${names[t.placer]}  Score: ${formatNumber(d.game.score)}`,
    boardText(d.game.cells),
  ];
  for (const [i, r] of d.rounds.entries()) {
    lines.push(
      `Round ${i + 1}: ${names[r.slider]} scored ${formatNumber(r.score)} (largest tile ${r.maxTile})`,
    );
  }
  const result = duelResultLine(m);
  if (result) lines.push(`${result} Type r for a rematch, n for a new duel, q to quit.`);
  else lines.push(`${names[t.toAct!]} to ${t.phase}.`);
  return `${lines.join('\n')}\n`;
}

/** Runs plain duel on the given streams; resolves with the exit code. */
export async function runPlainDuel(
  start: ModelDuel,
  dataDir: string,
  io: PlainIo,
  advisor: () => Promise<Advisor>,
  placer: () => Promise<PlacerAi>,
  /** Where the duel goes (default: the saves in the data directory). */
  store: StoreDuel = fileStoreDuel(dataDir),
): Promise<number> {
  const out = (s: string) => io.output.write(s);
  const game = new ControllerDuel({
    model: start,
    advisor,
    placer,
    seed: randomSeed,
    store,
    onChange: () => {},
    immediate: true,
  });
  game.start();
  await game.settled();
  out(duelText(game.model));
  await eachLine(io, PLAIN_DUEL_HELP, async (line, raw) => {
    const cmd = plainCommandDuel(line);
    if (!cmd) {
      unknownCommand(io, raw, PLAIN_DUEL_HELP);
      return true;
    }
    if (cmd.type === 'quit') return false;
    game.dispatch(cmd);
    if (game.model.notice) io.error.write(`${game.model.notice}\n`);
    await game.settled();
    out(duelText(game.model));
    return true;
  });
  const end = game.close();
  out(`${end.duel.rounds.map((r) => formatNumber(r.score)).join(' - ') || 'No round finished'}\n`);
  return 0;
}
