/**
 * A ranked game in line mode, for pipes and scripts: one command a line (a move, a puzzle's tile
 * number, resign, q), the board after each once the server has answered it (a 2048 move's new
 * tile is the server's), and the result — the figures the server ranked, the rank and the share
 * code — at the end. While the connection is down a move is refused on stderr and the game
 * waits; lines are handled strictly in order, and no faster than the server takes them.
 */

import { keyDirection } from '../front/keymap.ts';
import {
  type CommandRanked,
  ControllerRanked,
  type RankedConnect,
} from '../front/online/controllerRanked.ts';
import { type ModelRanked, rankedOver } from '../front/online/modelRanked.ts';
import { capital, waitingSentence } from '../net/linkWords.ts';
import { eachLine, type PlainIo, plainKey, unknownCommand } from './plainIo.ts';
import { rankedBoardText, rankedHold } from './rankedText.ts';

export const PLAIN_RANKED_HELP =
  'commands: w/up, a/left, s/down, d/right (or h j k l) move; resign ends the game as it stands; q leaves it for later (the same command resumes it)';
export const PLAIN_RANKED_PUZZLE_HELP =
  'commands: w/up, a/left, s/down, d/right (or h j k l) slide a tile that way; a tile number slides that tile; resign ends the game as it stands; q leaves it for later (the same command resumes it)';

/**
 * Line mode's pace: the server takes at most 30 messages a second on a connection (bursts of
 * 60) and refuses the rest, so lines that come faster (a script) wait their turn instead.
 */
export const PACE = { perSecond: 25, burst: 50 } as const;

/** A token bucket of {@link PACE}: `take` waits until a message may go. */
export class Pacer {
  private tokens: number = PACE.burst;
  private filled: number;

  constructor(private readonly now: () => number = Date.now) {
    this.filled = now();
  }

  private fill(): void {
    const t = this.now();
    this.tokens = Math.min(PACE.burst, this.tokens + ((t - this.filled) / 1000) * PACE.perSecond);
    this.filled = t;
  }

  /** Waits until a message may be sent, and counts it. */
  async take(): Promise<void> {
    this.fill();
    while (this.tokens < 1) {
      await new Promise((r) =>
        setTimeout(r, Math.ceil(((1 - this.tokens) * 1000) / PACE.perSecond)),
      );
      this.fill();
    }
    this.tokens -= 1;
  }

  /** Gives back a message that was not sent after all. */
  refund(): void {
    this.tokens = Math.min(PACE.burst, this.tokens + 1);
  }
}

/** The command a line stands for in a ranked game, or null. */
export function plainCommandRanked(line: string, m: ModelRanked): CommandRanked | null {
  if (m.kind === 'puzzle' && /^\d{1,2}$/.test(line)) return { type: 'tile', tile: Number(line) };
  if (line === 'resign') return { type: 'resign-confirmed' };
  if (line === 'q' || line === 'quit') return { type: 'quit' };
  const key = plainKey(line, 'wasdhjkl');
  const dir = key === null ? null : keyDirection({ key });
  return dir ? { type: 'move', dir } : null;
}

/**
 * Plays a ranked game in line mode until it ends, `q`, the end of input (once what was sent is
 * answered) or a connection closed for good; resolves with the last model.
 */
export async function runPlainRanked(
  model: ModelRanked,
  connect: RankedConnect,
  io: PlainIo,
): Promise<ModelRanked> {
  const out = (s: string) => io.output.write(s);
  const say = (s: string) => io.error.write(`${s}\n`);
  let shown = '';
  let status = model.view?.status ?? 'connecting';
  let waiting = 0;
  const show = () => {
    const text = rankedBoardText(game.model, Date.now());
    if (text !== '' && text !== shown) {
      shown = text;
      out(text);
    }
  };
  const game = new ControllerRanked({
    model,
    connect,
    onChange: (m) => {
      const now = m.view?.status ?? 'connecting';
      if (now !== status) {
        if (now === 'reconnecting' || now === 'not-answering') say(rankedHold(m)!);
        else if (now === 'open' && status === 'reconnecting') say('Connected again.');
        else if (now === 'open' && status === 'not-answering') say('The server answers again.');
        else if (now === 'closed' && m.view?.notice) say(rankedHold(m)!);
        status = now;
      }
      const w = m.view?.waiting ?? 0;
      if (w !== waiting) {
        waiting = w;
        if (w > 0) say(`${capital(waitingSentence(w))}.`);
      }
    },
  });
  game.start();
  // The game has ended, or its connection is closed for good (checked after every await).
  const ended = () => rankedOver(game.model) || game.model.view?.status === 'closed';
  if (model.notice) say(model.notice);
  show();
  const help = model.kind === 'puzzle' ? PLAIN_RANKED_PUZZLE_HELP : PLAIN_RANKED_HELP;
  const pacer = new Pacer();
  if (!ended()) {
    await eachLine(io, help, async (line, raw) => {
      const cmd = plainCommandRanked(line, game.model);
      if (!cmd) {
        unknownCommand(io, raw, help);
        return true;
      }
      if (cmd.type === 'quit') return false;
      const before = game.model;
      const sends = cmd.type === 'move' || cmd.type === 'tile' || cmd.type === 'resign-confirmed';
      if (sends) await pacer.take();
      game.dispatch(cmd);
      // A move that changed nothing was not sent.
      if (
        sends &&
        cmd.type !== 'resign-confirmed' &&
        game.model.view?.board === before.view?.board
      ) {
        pacer.refund();
      }
      if (game.model.view?.status !== 'open') {
        // Nothing was sent: said, and the game waits for the connection.
        say(rankedHold(game.model) ?? 'Not sent.');
        return true;
      }
      await game.settled();
      const notice = game.model.view?.notice;
      if (notice && notice !== before.view?.notice && game.model.view?.status === 'open') {
        say(notice);
      }
      // The board after every command, changed or not.
      shown = '';
      show();
      return !ended();
    });
  }
  await game.settled();
  show();
  return game.close();
}
