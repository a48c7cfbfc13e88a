/**
 * The daily challenge with a leaderboard server: today's top 10 of both ranked daily boards
 * under the player's results, and, when a day's game played offline counts, submitting it to
 * the self-reported boards — asked once (the answer kept as the `submit` setting: always or
 * never). A server that is away costs one line; the game and its result are kept as always.
 */
import { DAILY_NAMES, type DailyKind, type DailyResult } from '../front/daily.ts';
import type { BoardName } from '../net/api.ts';
import { loadConfig, updateConfig } from '../storage/config.ts';
import { loadPlayer } from '../storage/player.ts';
import type { ColorDepth } from '../tui/color.ts';
import { boardTable, boardTitle, rankSentence, sourceTitle } from './boardText.ts';
import {
  type Ask,
  clientFor,
  netLine,
  playerWithName,
  sendAskingName,
  submitFor,
} from './online.ts';

export interface DailyServer {
  readonly url: string;
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  /** `--name`, for a submission. */
  readonly nameFlag?: string;
  /** A line for standard output, and one for standard error. */
  readonly say: (line: string) => void;
  readonly warn: (line: string) => void;
}

const BOARDS: readonly [DailyKind, BoardName][] = [
  ['2048', 'daily-2048'],
  ['puzzle', 'daily-puzzle'],
];

/** Today's top 10 of both daily boards and the player's rank on each, or the one line. */
export async function dailyBoardsText(
  s: DailyServer,
  day: string,
  depth: ColorDepth,
): Promise<string> {
  const p = loadPlayer(s.dir);
  for (const n of p.notices) s.warn(n);
  const key = p.player?.key;
  const client = clientFor(s.url, s.env);
  const answers = await Promise.all(
    BOARDS.map(([, board]) =>
      client.leaderboard({ board, day, limit: 10, ...(key ? { playerKey: key } : {}) }),
    ),
  );
  const failed = answers.find((a) => !a.ok);
  if (failed && !failed.ok && answers.every((a) => !a.ok)) return `${netLine(failed.error)}\n`;
  const lines = [`Today's top 10, ranked · ${s.url}`];
  const ranks: string[] = [];
  BOARDS.forEach(([kind, board], i) => {
    const a = answers[i]!;
    lines.push(DAILY_NAMES[kind]);
    if (!a.ok) {
      lines.push(`  ${netLine(a.error)}`);
      return;
    }
    const entries = Array.isArray(a.value.entries) ? a.value.entries : [];
    if (entries.length === 0 && !a.value.you) lines.push('  No games yet today.');
    else lines.push(boardTable({ ...a.value, source: 'ranked' }, kind, depth).trimEnd());
    if (a.value.you) {
      const title = sourceTitle(boardTitle(board, { day, today: day }), 'ranked');
      ranks.push(rankSentence(a.value.you.rank, title));
    }
  });
  return `${[...lines, ...ranks].join('\n')}\n`;
}

/** Whether a counted result can go on a board: it has its code, and a puzzle was solved. */
export function submittable(kind: DailyKind, r: DailyResult): boolean {
  return r.code !== undefined && (kind === '2048' || r.won);
}

const YES = /^\s*y(es)?\s*$/i;

/**
 * After a day's game counted: submits it when the setting says always; asks once when there is
 * none (the answer kept); nothing when never. Lines go through `say` / `warn`; never throws.
 */
export async function afterDailyGame(
  s: DailyServer,
  kind: DailyKind,
  counted: DailyResult,
  ask: Ask | null,
): Promise<void> {
  if (!submittable(kind, counted)) return;
  const config = loadConfig(s.dir);
  for (const n of config.notices) s.warn(n);
  const choice = config.config.submit;
  if (choice === 'never') return;
  if (choice === undefined) {
    if (!ask) return;
    const answer = await ask(`Submit to the self-reported boards at ${s.url}? [y/N] `);
    if (answer === null) {
      s.say('No answer: not submitted.');
      return;
    }
    const yes = YES.test(answer);
    const saved = updateConfig(s.dir, (c) => ({ ...c, submit: yes ? 'always' : 'never' }));
    if (saved.ok) for (const n of saved.value.notices) s.warn(n);
    else s.warn(saved.error.message);
    s.say(
      yes
        ? 'Your daily games will be submitted when they end (slidebox config submit never stops it).'
        : `Not submitted; you will not be asked again (slidebox config submit always sends daily games; slidebox submit --last sends this ${DAILY_NAMES[kind]}).`,
    );
    if (!yes) return;
  }
  const player = await playerWithName(s.dir, { nameFlag: s.nameFlag, ask, say: s.warn });
  if (!player.ok) {
    s.warn(`Not submitted: ${player.error.message}.`);
    return;
  }
  const r = await sendAskingName(s.dir, { ask, say: s.warn }, player.value, (p) =>
    submitFor(clientFor(s.url, s.env), counted.code!, p, s.env),
  );
  if (!r.ok) {
    s.warn(`${netLine(r.error)} The game is kept: slidebox submit --last sends it later.`);
    return;
  }
  s.say(r.value.trimEnd());
}
