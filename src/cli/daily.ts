/**
 * `slidebox daily`: the day's challenge (UTC date): today's status and streak, or today's 2048
 * game or 15-puzzle — the same boards for every player, terminal or web. The first game of the
 * day to end counts; the result is printed as a shareable line with its share code.
 */
import { resolve } from 'node:path';
import { newGame } from '../engine/game2048.ts';
import { newPuzzle } from '../engine/puzzle.ts';
import {
  DAILY_NAMES,
  DAILY_SIZE,
  DAILY_TARGET,
  type DailyKind,
  type DailyResult,
  dailyLine,
  dailyNotice,
  dailySeed,
  streak,
} from '../front/daily.ts';
import { initialModel2048 } from '../front/model2048.ts';
import { initialModelPuzzle } from '../front/modelPuzzle.ts';
import { loadConfig } from '../storage/config.ts';
import { defaultDataDir } from '../storage/files.ts';
import { loadRecords } from '../storage/stats.ts';
import { best2048, save2048 } from '../storage/store2048.ts';
import {
  type DailyOutcome,
  dailyPath,
  fileStoreDaily2048,
  fileStoreDailyPuzzle,
  loadDaily2048,
  loadDailyPuzzle,
} from '../storage/storeDaily.ts';
import { savePuzzle } from '../storage/storePuzzle.ts';
import { detectColorDepth } from '../tui/color.ts';
import { fullScreenHere } from '../tui/fullScreen.ts';
import { parseCommand } from './command.ts';
import type { DailyServer } from './dailyOnline.ts';
import { HELP } from './help.ts';
import type { PlainHook } from './plainIo.ts';
import { resumeCommand, SaveWatch, saveFirst } from './saveWatch.ts';
import { aiAdvisor, aiHere, solverClient, solverHere } from './solvers.ts';
import { today } from './today.ts';

export const DAILY_USAGE = HELP.daily;

const out = (s: string) => process.stdout.write(s);
const errOut = (s: string) => process.stderr.write(s);

/** Today's results and the streak, as lines. */
export function statusText(table: Parameters<typeof streak>[0], day: string): string {
  const lines = [`slidebox daily · ${day} (UTC)`];
  for (const kind of ['2048', 'puzzle'] as const) {
    const r = table[day]?.[kind];
    lines.push(
      r
        ? `  ${DAILY_NAMES[kind].padEnd(10)} ${dailyLine(day, kind, r)}`
        : `  ${DAILY_NAMES[kind].padEnd(10)} not played yet: slidebox daily ${kind}`,
    );
  }
  const s = streak(table, day);
  lines.push(`Streak: ${s.current} day${s.current === 1 ? '' : 's'} (longest ${s.longest})`);
  return `${lines.join('\n')}\n`;
}

/**
 * The line after a daily game: what counted (with its code), or that it was practice, or that
 * it was saved (only when `o.watch` says so: else nothing, the watch says why).
 */
function endText(
  o: DailyRun,
  kind: DailyKind,
  counted: DailyResult | null,
  watch: SaveWatch,
): string {
  const { day, dir } = o;
  const table = loadRecords(dir).records.daily ?? {};
  if (!counted) {
    const done = table[day]?.[kind];
    if (done) return `Today's ${DAILY_NAMES[kind]} counted: ${dailyLine(day, kind, done)}\n`;
    const resume = resumeCommand(`daily ${kind}`, { dataDir: o.dataDirArg });
    return watch.kept ? `Saved: run ${resume} to continue today's ${DAILY_NAMES[kind]}.\n` : '';
  }
  const s = streak(table, day);
  const code = counted.code ? `\nShare it: slidebox replay ${counted.code}` : '';
  return `${dailyLine(day, kind, counted)}${code}\nStreak: ${s.current} day${s.current === 1 ? '' : 's'}\n`;
}

function notice(day: string, kind: DailyKind, dir: string): string {
  return dailyNotice(loadRecords(dir).records.daily ?? {}, day, kind);
}

interface DailyRun {
  readonly dir: string;
  /** --data-dir as given (for the command that resumes the game). */
  readonly dataDirArg?: string;
  readonly day: string;
  readonly plain: boolean;
  readonly animation: boolean;
  /** The leaderboard server, when one is set. */
  readonly server: DailyServer | null;
}

/**
 * Plain mode with a server: when the day's game counts, the submission (asked once) happens
 * there and then, its questions answered by the next lines of input.
 */
async function plainHook(
  o: DailyRun,
  kind: DailyKind,
  outcome: DailyOutcome,
): Promise<PlainHook | undefined> {
  const server = o.server;
  if (!server) return undefined;
  const { PlainQuestions } = await import('./plainQuestions.ts');
  const { afterDailyGame } = await import('./dailyOnline.ts');
  const questions = new PlainQuestions(out);
  let handled = false;
  return questions.hook(async () => {
    const counted = outcome.counted;
    if (handled || !counted) return;
    handled = true;
    await questions.start(() => afterDailyGame(server, kind, counted, questions.ask));
  });
}

/** After the full-screen game: the submission of a game that counted (asked once). */
async function afterScreen(o: DailyRun, kind: DailyKind, outcome: DailyOutcome): Promise<void> {
  if (!o.server || !outcome.counted) return;
  const { afterDailyGame } = await import('./dailyOnline.ts');
  const { terminalAsk } = await import('./online.ts');
  await afterDailyGame(o.server, kind, outcome.counted, terminalAsk());
}

async function play2048(o: DailyRun): Promise<number> {
  const seed = dailySeed(o.day, '2048');
  const loaded = loadDaily2048(o.dir, o.day);
  for (const n of loaded.notices) errOut(`${n}\n`);
  const best = best2048(loadRecords(o.dir).records, DAILY_SIZE);
  let game = loaded.value?.game;
  let watch = new SaveWatch(true);
  const failed: string[] = [];
  if (!game) {
    const fresh = newGame({ size: DAILY_SIZE, target: DAILY_TARGET, seed });
    watch = saveFirst(o.dir, failed, () =>
      save2048(o.dir, fresh, best, false, dailyPath(o.dir, '2048')),
    );
    game = fresh;
  }
  // Plain mode prints the model's notice itself; before the full screen, it stays readable after.
  if (!o.plain) for (const n of failed) errOut(`${n}\n`);
  const model = {
    ...initialModel2048(game, best, failed[0] ?? notice(o.day, '2048', o.dir)),
    assisted: loaded.value?.assisted ?? false,
    recorded: loaded.value?.recorded ?? false,
  };
  const outcome: DailyOutcome = { counted: null };
  const daily = {
    store: watch.store2048(fileStoreDaily2048(o.dir, o.day, outcome)),
    seed: () => seed,
  };
  if (o.plain) {
    const { runPlain2048 } = await import('./plain2048.ts');
    const io = { input: process.stdin, output: process.stdout, error: process.stderr };
    const hook = await plainHook(o, '2048', outcome);
    const code = await runPlain2048(model, o.dir, io, aiHere, undefined, { ...daily, hook });
    out(endText(o, '2048', outcome.counted, watch));
    return watch.leave(code, process.stderr);
  }
  const { run2048 } = await import('../tui/game2048/run.ts');
  const depth = detectColorDepth(process.env, true);
  await run2048({ model, dataDir: o.dir, depth, animation: o.animation, ai: aiAdvisor, ...daily });
  out(endText(o, '2048', outcome.counted, watch));
  await afterScreen(o, '2048', outcome);
  return watch.leave(0, process.stderr);
}

async function playPuzzle(o: DailyRun): Promise<number> {
  const seed = dailySeed(o.day, 'puzzle');
  const loaded = loadDailyPuzzle(o.dir, o.day);
  for (const n of loaded.notices) errOut(`${n}\n`);
  let puzzle = loaded.value?.puzzle;
  let watch = new SaveWatch(true);
  const failed: string[] = [];
  if (!puzzle) {
    const fresh = newPuzzle({ width: DAILY_SIZE, seed });
    const path = dailyPath(o.dir, 'puzzle');
    watch = saveFirst(
      o.dir,
      failed,
      () => savePuzzle(o.dir, fresh, Date.now(), false, path),
      'puzzle',
    );
    puzzle = fresh;
  }
  // Plain mode prints the model's notice itself; before the full screen, it stays readable after.
  if (!o.plain) for (const n of failed) errOut(`${n}\n`);
  const best = loadRecords(o.dir).records.puzzle[String(DAILY_SIZE)] ?? {};
  const model = initialModelPuzzle(puzzle, best, {
    notice: failed[0] ?? notice(o.day, 'puzzle', o.dir),
    assisted: loaded.value?.assisted ?? false,
  });
  const outcome: DailyOutcome = { counted: null };
  const store = watch.storePuzzle(fileStoreDailyPuzzle(o.dir, o.day, outcome));
  // A new puzzle (n) gives up today's attempt if it was under way: the board stays the day's.
  const daily = {
    store,
    seed: () => {
      outcome.giveUp?.();
      return seed;
    },
  };
  if (o.plain) {
    const { runPlainPuzzle } = await import('./plainPuzzle.ts');
    const io = { input: process.stdin, output: process.stdout, error: process.stderr };
    const hook = await plainHook(o, 'puzzle', outcome);
    const code = await runPlainPuzzle(model, o.dir, solverHere, io, { ...daily, hook });
    out(endText(o, 'puzzle', outcome.counted, watch));
    return watch.leave(code, process.stderr, null, 'puzzle');
  }
  const { runPuzzle } = await import('../tui/puzzle/run.ts');
  const depth = detectColorDepth(process.env, true);
  await runPuzzle({
    model,
    dataDir: o.dir,
    depth,
    animation: o.animation,
    solver: solverClient,
    ...daily,
  });
  out(endText(o, 'puzzle', outcome.counted, watch));
  await afterScreen(o, 'puzzle', outcome);
  return watch.leave(0, process.stderr, null, 'puzzle');
}

/** Runs `slidebox daily …`; resolves with the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const a = parseCommand(argv, OPTIONS);
  if (!a.ok) {
    errOut(`slidebox: ${a.message}\n\n${DAILY_USAGE}\n`);
    return 2;
  }
  const { values, positionals } = a;
  if (values.help) {
    out(`${DAILY_USAGE}\n`);
    return 0;
  }
  const kind = positionals[0];
  if (positionals.length > 1 || (kind !== undefined && kind !== '2048' && kind !== 'puzzle')) {
    errOut(
      `slidebox: unknown daily game "${positionals.join(' ')}" (try: slidebox daily 2048, slidebox daily puzzle)\n\n${DAILY_USAGE}\n`,
    );
    return 2;
  }
  if (values.ranked) {
    if (kind === undefined) {
      errOut(
        `slidebox: --ranked plays a game: slidebox daily 2048 --ranked or slidebox daily puzzle --ranked\n\n${DAILY_USAGE}\n`,
      );
      return 2;
    }
    const { playRanked } = await import('./ranked.ts');
    return playRanked({
      kind,
      size: undefined,
      target: undefined,
      daily: true,
      server: values.server,
      name: values.name,
      plain: values.plain === true,
      animation: !values['no-animation'],
      invert: false,
      dataDir: values['data-dir'],
      usageError: (message) => {
        errOut(`slidebox: ${message}\n\n${DAILY_USAGE}\n`);
        return 2;
      },
    });
  }
  const dir = resolve(values['data-dir'] ?? defaultDataDir());
  const day = today();
  const server = await dailyServer(dir, values.server, values.name);
  if (server === 'bad') return 2;
  if (kind === undefined) {
    const loaded = loadRecords(dir);
    for (const n of loaded.notices) errOut(`${n}\n`);
    out(statusText(loaded.records.daily ?? {}, day));
    if (server) {
      const { dailyBoardsText } = await import('./dailyOnline.ts');
      const depth = detectColorDepth(process.env, process.stdout.isTTY === true);
      out(`\n${await dailyBoardsText(server, day, depth)}`);
    }
    return 0;
  }
  const run = {
    dir,
    dataDirArg: values['data-dir'],
    day,
    plain: !fullScreenHere(values.plain === true),
    animation: !values['no-animation'],
    server,
  };
  return kind === '2048' ? play2048(run) : playPuzzle(run);
}

/**
 * The leaderboard server, when one is set (--server, SLIDEBOX_SERVER, the settings); 'bad' for
 * a bad --server (said). A bad address from elsewhere is said in one line and the game goes on
 * without a server.
 */
async function dailyServer(
  dir: string,
  flag: string | undefined,
  name: string | undefined,
): Promise<DailyServer | null | 'bad'> {
  const config = loadConfig(dir);
  for (const n of config.notices) errOut(`${n}\n`);
  if (flag === undefined && !process.env.SLIDEBOX_SERVER && config.config.server === undefined) {
    return null;
  }
  const { chooseServer } = await import('./online.ts');
  const chosen = chooseServer(flag, process.env, config.config);
  if (!chosen.ok) {
    if (flag === undefined) {
      errOut(`${chosen.error.message}; going on without the leaderboard.\n`);
      return null;
    }
    errOut(`slidebox: ${chosen.error.message}\n\n${DAILY_USAGE}\n`);
    return 'bad';
  }
  if (!chosen.value) return null;
  return {
    url: chosen.value.url,
    dir,
    env: process.env,
    ...(name !== undefined ? { nameFlag: name } : {}),
    say: (line) => out(`${line}\n`),
    warn: (line) => errOut(`${line}\n`),
  };
}

const OPTIONS = {
  server: { type: 'string' },
  name: { type: 'string' },
  plain: { type: 'boolean' },
  ranked: { type: 'boolean' },
  'no-animation': { type: 'boolean' },
  'data-dir': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;
