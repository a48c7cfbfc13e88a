/**
 * `slidebox leaderboard`: a board of the leaderboard server as an aligned table (your own line
 * marked, or shown under the table when it is further down), or the server's answer as JSON.
 * Ranked boards (games the server dealt and timed) by default; `--self-reported` shows the
 * boards of share codes sent from games played offline — never mixed with ranked ones.
 */
import { resolve } from 'node:path';
import { checkOptions } from '../engine/game2048.ts';
import { err, ok, type Problem, type Result } from '../engine/result.ts';
import { isDay } from '../front/daily.ts';
import { BOARD_SORTS, type BoardName, type BoardQuery, type BoardSource } from '../net/api.ts';
import { defaultDataDir } from '../storage/files.ts';
import { loadPlayer } from '../storage/player.ts';
import { detectColorDepth } from '../tui/color.ts';
import {
  boardKind,
  boardTable,
  boardTitle,
  rankSentence,
  safeJson,
  sourceTitle,
} from './boardText.ts';
import { parseCommand } from './command.ts';
import { HELP } from './help.ts';
import { clientFor, netLine, requiredServer } from './online.ts';
import { wrapLines } from './plainIo.ts';
import { today } from './today.ts';

export const LEADERBOARD_USAGE = HELP.leaderboard;

const OPTIONS = {
  size: { type: 'string' },
  target: { type: 'string' },
  day: { type: 'string' },
  limit: { type: 'string' },
  assisted: { type: 'boolean' },
  'self-reported': { type: 'boolean' },
  sort: { type: 'string' },
  json: { type: 'boolean' },
  server: { type: 'string' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const BOARD_WORDS: Readonly<Record<string, BoardName>> = {
  daily: 'daily-2048',
  'daily-2048': 'daily-2048',
  'daily-puzzle': 'daily-puzzle',
  '2048': '2048',
  puzzle: 'puzzle',
};

type Values = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'string' ? string : boolean;
};

function whole(name: string, text: string, min: number, max: number): Result<number, Problem> {
  const n = Number(text);
  return /^\d{1,9}$/.test(text) && n >= min && n <= max
    ? ok(n)
    : err({
        code: 'bad-value',
        message: `--${name} needs a whole number from ${min} to ${max}, got "${text}"`,
      });
}

/** The query the arguments ask for (without the player), or what is wrong with them. */
export function boardQuery(
  positionals: readonly string[],
  v: Values,
  day: string,
): Result<
  Omit<BoardQuery, 'playerKey'> & { readonly limit: number; readonly source: BoardSource },
  Problem
> {
  const word = positionals[0] ?? 'daily';
  const board = BOARD_WORDS[word];
  if (positionals.length > 1 || board === undefined) {
    return err({
      code: 'unknown-board',
      message: `unknown board "${positionals.join(' ')}" (try: daily, daily-puzzle, 2048, puzzle)`,
    });
  }
  const daily = board === 'daily-2048' || board === 'daily-puzzle';
  const only = (o: string, what: string) =>
    err({ code: 'bad-option', message: `--${o} is for ${what} only` });
  if (daily && v.size !== undefined)
    return only('size', 'the 2048 and puzzle boards (the daily ones are 4×4)');
  if (board !== '2048' && v.target !== undefined) return only('target', 'the 2048 board');
  if (!daily && v.day !== undefined) return only('day', 'the daily boards');
  if (v.day !== undefined && !isDay(v.day)) {
    return err({ code: 'bad-value', message: `--day needs a day as YYYY-MM-DD, got "${v.day}"` });
  }
  if (v.assisted && !v['self-reported']) {
    return err({
      code: 'bad-option',
      message:
        '--assisted goes with --self-reported: ranked boards hold no assisted games (no AI, hint or solver in ranked play)',
    });
  }
  if (v.sort !== undefined && !(BOARD_SORTS as readonly string[]).includes(v.sort)) {
    return err({
      code: 'bad-value',
      message: `--sort needs rank, accuracy or agreement, got "${v.sort}"`,
    });
  }
  const limit = v.limit === undefined ? ok(10) : whole('limit', v.limit, 1, 100);
  if (!limit.ok) return limit;
  const size = v.size === undefined ? ok(undefined) : whole('size', v.size, 3, 8);
  if (!size.ok) return size;
  let target: number | undefined;
  if (v.target !== undefined) {
    const t = whole('target', v.target, 8, 2 ** 20);
    const checked = t.ok ? checkOptions({ target: t.value }) : t;
    if (!checked.ok)
      return err({
        code: 'bad-value',
        message: `--target needs a power of two from 8, got "${v.target}"`,
      });
    target = t.ok ? t.value : undefined;
  }
  return ok({
    board,
    ...(size.value !== undefined ? { size: size.value } : {}),
    ...(target !== undefined ? { target } : {}),
    ...(daily ? { day: v.day ?? day } : {}),
    limit: limit.value,
    source: v['self-reported'] ? 'self-reported' : 'ranked',
    ...(v.assisted ? { assisted: true } : {}),
    ...(v.sort !== undefined && v.sort !== 'rank'
      ? { sort: v.sort as 'accuracy' | 'agreement' }
      : {}),
  });
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * What a board's games prove, said under it: self-reported games were played offline (the
 * player knew the tiles to come); today's ranked daily entries show no replay until the day
 * ends (it would show the day's tiles).
 */
export function sourceNotes(
  source: BoardSource,
  today: boolean,
  entries: readonly { readonly code: string | null }[],
): string[] {
  if (source === 'self-reported') {
    return wrapLines(
      'Self-reported: share codes of games played offline, replayed by the server; their players knew the tiles to come (slidebox --ranked plays ranked).',
    ).split('\n');
  }
  if (today && entries.some((e) => e.code === null)) {
    return wrapLines(
      "Today's ranked games show no replay until the day ends (UTC): it would show the day's tiles.",
    ).split('\n');
  }
  return [];
}

/** Runs `slidebox leaderboard …`; resolves with the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const errOut = (s: string) => process.stderr.write(s);
  const usageError = (message: string) => {
    errOut(`slidebox: ${message}\n\n${LEADERBOARD_USAGE}\n`);
    return 2;
  };
  const a = parseCommand(argv, OPTIONS);
  if (!a.ok) return usageError(a.message);
  const { values, positionals } = a;
  if (values.help) {
    process.stdout.write(`${LEADERBOARD_USAGE}\n`);
    return 0;
  }
  const day = today();
  const query = boardQuery(positionals, values, day);
  if (!query.ok) return usageError(query.error.message);
  const dir = resolve(values['data-dir'] ?? defaultDataDir());
  const server = requiredServer(values.server, dir, usageError, errOut);
  if (typeof server === 'number') return server;
  const player = loadPlayer(dir);
  for (const n of player.notices) errOut(`${n}\n`);
  const key = player.player?.key;
  const r = await clientFor(server.url, process.env).leaderboard({
    ...query.value,
    ...(key ? { playerKey: key } : {}),
  });
  if (!r.ok) {
    errOut(`${netLine(r.error)}\n`);
    return 1;
  }
  if (values.json) {
    process.stdout.write(`${safeJson(r.value)}\n`);
    return 0;
  }
  const q = query.value;
  const title = sourceTitle(
    boardTitle(q.board, { size: q.size, target: q.target, day: q.day ?? null, today: day }),
    q.source,
  );
  const isTTY = process.stdout.isTTY === true;
  const lines = [
    `${capital(title)}${q.day && q.day !== day ? '' : q.day ? ` (${q.day})` : ''}${q.assisted ? ' · assisted games included' : ''}${q.sort ? ` · by ${q.sort}` : ''} · ${server.url}`,
  ];
  const entries = Array.isArray(r.value.entries) ? r.value.entries : [];
  if (entries.length === 0 && !r.value.you) lines.push('  No games on this board yet.');
  else {
    const lb = { ...r.value, source: q.source };
    const depth = detectColorDepth(process.env, isTTY);
    lines.push(boardTable(lb, boardKind(q.board), depth, q.sort !== undefined).trimEnd());
  }
  lines.push(...sourceNotes(q.source, q.day === day, entries));
  if (key) {
    lines.push(
      r.value.you
        ? rankSentence(r.value.you.rank, title, q.assisted)
        : `You are not on ${title} yet.`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
