/**
 * The `slidebox` command: parses options, loads the saved game, and hands over to the
 * full-screen game or, for pipes and `--plain`, to plain mode.
 */
import { resolve } from 'node:path';
import { newGame } from '../engine/game2048.ts';
import { newPuzzle } from '../engine/puzzle.ts';
import { randomSeed } from '../engine/rng.ts';
import { formatSolveTime } from '../front/format.ts';
import { initialModel2048, update2048 } from '../front/model2048.ts';
import {
  initialModelPuzzle,
  type ModelPuzzle,
  newSeries,
  seriesDone,
  seriesName,
  seriesTimeMs,
} from '../front/modelPuzzle.ts';
import type { StorePuzzle } from '../front/ports.ts';
import { defaultDataDir } from '../storage/files.ts';
import { fileStore2048, load2048, save2048 } from '../storage/store2048.ts';
import { fileStorePuzzle, loadPuzzle, savePuzzle } from '../storage/storePuzzle.ts';
import { detectColorDepth } from '../tui/color.ts';
import { fullScreenHere } from '../tui/fullScreen.ts';
import { type CliOptions, helpTopic, parseCli, USAGE } from './args.ts';
import { quietOnClosedPipe } from './closedPipe.ts';
import { HELP, isCommand, unknownCommandMessage, usageReminder } from './help.ts';
import { runPlain2048 } from './plain2048.ts';
import { resumeCommand, SaveWatch, saveFirst } from './saveWatch.ts';
import {
  aiAdvisor,
  aiHere,
  placerFunction,
  placerHere,
  solverClient,
  solverHere,
} from './solvers.ts';

declare const __VERSION__: string | undefined;
const VERSION = typeof __VERSION__ === 'string' ? __VERSION__ : '0.0.0-dev';

async function play2048(o: CliOptions): Promise<number> {
  const dataDir = resolve(o.dataDir ?? defaultDataDir());
  const size = o.size ?? 4;
  // Evil spawns: the placer AI chooses every new tile (loaded only for such a game).
  const place = o.evil ? await placerFunction() : undefined;
  const loaded = load2048(dataDir, size, place);
  const notices = [...loaded.notices];
  let game = loaded.game;
  let watch = new SaveWatch(true);
  if (game && !o.fresh) {
    if (
      (o.seed !== undefined && o.seed !== game.seed) ||
      (o.target !== undefined && o.target !== game.target)
    ) {
      notices.push(
        'Resumed your saved game; --seed and --target apply to new games (press n, or start with --new).',
      );
    }
  } else {
    const fresh = newGame({ size, target: o.target, seed: o.seed ?? randomSeed() });
    watch = saveFirst(dataDir, notices, () => save2048(dataDir, fresh, loaded.best, o.evil));
    game = fresh;
  }
  let model = initialModel2048(game, loaded.best, notices[0] ?? null, o.evil);
  if (game === loaded.game) {
    model = { ...model, assisted: loaded.assisted, recorded: loaded.recorded };
  }
  if (o.target !== undefined) model = { ...model, target: o.target };
  if (o.ai) model = update2048(model, { type: 'autoplay' }, randomSeed, place);

  const store = watch.store2048(fileStore2048(dataDir, o.evil));
  if (!fullScreenHere(o.plain)) {
    for (const n of notices.slice(1)) process.stderr.write(`${n}\n`);
    const code = await runPlain2048(
      model,
      dataDir,
      { input: process.stdin, output: process.stdout, error: process.stderr },
      aiHere,
      place,
      { store, seed: randomSeed },
    );
    return watch.leave(code, process.stderr);
  }
  // Notices also go to the main screen, where they stay readable after the game ends.
  for (const n of notices) process.stderr.write(`${n}\n`);
  const { run2048, farewell, gameFigures } = await import('../tui/game2048/run.ts');
  const end = await run2048({
    model,
    dataDir,
    store,
    depth: detectColorDepth(process.env, true),
    animation: o.animation,
    ai: aiAdvisor,
    place,
    // For the end-to-end test that the terminal is restored after a crash.
    crashKey: process.env.SLIDEBOX_TEST_CRASH_KEY,
  });
  if (watch.kept) {
    const resume = resumeCommand('2048', { size, evil: o.evil, dataDir: o.dataDir });
    process.stdout.write(`${farewell(end, resume)}\n`);
  }
  return watch.leave(0, process.stderr, gameFigures(end));
}

/**
 * Plays a puzzle in plain mode (the exit code) or full screen (the model it ended on); the
 * notices go to stderr (in plain mode, the first one is the model's own).
 */
async function puzzleFrontEnd(
  o: CliOptions,
  model: ModelPuzzle,
  dataDir: string,
  notices: readonly string[],
  own?: { readonly store: StorePuzzle; readonly seed: () => number },
): Promise<{ code: number } | { end: ModelPuzzle }> {
  if (!fullScreenHere(o.plain)) {
    for (const n of notices.slice(1)) process.stderr.write(`${n}\n`);
    const { runPlainPuzzle } = await import('./plainPuzzle.ts');
    const io = { input: process.stdin, output: process.stdout, error: process.stderr };
    return { code: await runPlainPuzzle(model, dataDir, solverHere, io, own) };
  }
  for (const n of notices) process.stderr.write(`${n}\n`);
  const { runPuzzle } = await import('../tui/puzzle/run.ts');
  const end = await runPuzzle({
    model,
    dataDir,
    depth: detectColorDepth(process.env, true),
    animation: o.animation,
    solver: solverClient,
    ...(own ?? {}),
  });
  return { end };
}

/** A relay or a marathon: new puzzles (seeds from --seed on, one a puzzle), never saved. */
async function playSeries(o: CliOptions, s: NonNullable<CliOptions['series']>): Promise<number> {
  const dataDir = resolve(o.dataDir ?? defaultDataDir());
  const series =
    s.kind === 'relay'
      ? newSeries({ kind: 'relay', upTo: s.upTo })
      : newSeries({ kind: 'marathon', width: o.size ?? 4, count: s.count });
  let seed = o.seed ?? randomSeed();
  const first = newPuzzle({ width: series.widths[0]!, seed });
  const nextSeed = () => ++seed;
  const model = initialModelPuzzle(first, {}, { invert: o.invert, series });
  const ran = await puzzleFrontEnd(o, model, dataDir, [], {
    store: fileStorePuzzle(dataDir),
    seed: nextSeed,
  });
  if ('code' in ran) return ran.code;
  const end = ran.end;
  const done = end.series?.splits.length ?? 0;
  process.stdout.write(
    seriesDone(end.series)
      ? `${seriesName(end.series!)}: ${formatSolveTime(seriesTimeMs(end, 0))}.\n`
      : `${seriesName(series)}: left after ${done} of ${series.widths.length} puzzles.\n`,
  );
  return 0;
}

async function playPuzzle(o: CliOptions): Promise<number> {
  if (o.series) return playSeries(o, o.series);
  const dataDir = resolve(o.dataDir ?? defaultDataDir());
  const width = o.size ?? 4;
  const loaded = loadPuzzle(dataDir, width);
  const notices = [...loaded.notices];
  let puzzle = loaded.puzzle;
  let watch = new SaveWatch(true);
  if (puzzle && !o.fresh) {
    if (o.seed !== undefined && o.seed !== puzzle.seed) {
      notices.push(
        'Resumed your saved puzzle; --seed applies to new games (press n, or start with --new).',
      );
    }
  } else {
    const fresh = newPuzzle({ width, seed: o.seed ?? randomSeed() });
    watch = saveFirst(dataDir, notices, () => savePuzzle(dataDir, fresh, Date.now()), 'puzzle');
    puzzle = fresh;
  }
  const model = initialModelPuzzle(puzzle, loaded.best, {
    invert: o.invert,
    notice: notices[0] ?? null,
    assisted: puzzle === loaded.puzzle && loaded.assisted,
  });
  const store = watch.storePuzzle(fileStorePuzzle(dataDir));
  const ran = await puzzleFrontEnd(o, model, dataDir, notices, { store, seed: randomSeed });
  if ('code' in ran) return watch.leave(ran.code, process.stderr, null, 'puzzle');
  const end = ran.end;
  const { puzzleFarewell, puzzleFigures } = await import('../tui/puzzle/run.ts');
  if (watch.kept) {
    const resume = resumeCommand('puzzle', { size: width, dataDir: o.dataDir });
    process.stdout.write(`${puzzleFarewell(end, resume)}\n`);
  }
  return watch.leave(0, process.stderr, puzzleFigures(end), 'puzzle');
}

const RESUMED =
  'Resumed your saved match; the options apply to new ones (press n, or start with --new).';

async function playVersus(o: CliOptions): Promise<number> {
  const dataDir = resolve(o.dataDir ?? defaultDataDir());
  const { newVersus } = await import('../engine/versus.ts');
  const { initialModelVersus } = await import('../front/modelVersus.ts');
  const { loadVersusSession, saveVersusSession } = await import('../storage/storeMatches.ts');
  const { fileStoreVersus } = await import('../storage/storeVersus.ts');
  const saved = loadVersusSession(dataDir);
  const notices = [...saved.notices];
  let model = saved.value;
  const given = [o.seed, o.size, o.target, o.cap, o.level].some((x) => x !== undefined);
  let watch = new SaveWatch(true);
  if (model && !o.fresh) {
    if (given) notices.push(RESUMED);
  } else {
    const match = newVersus({
      seed: o.seed ?? randomSeed(),
      size: o.size,
      target: o.target,
      attackCap: o.cap ?? null,
    });
    // The options were checked by parseCli with the engine's own checks.
    if (!match.ok) throw new Error(match.error.message);
    const opponent = o.level ? { kind: 'ai' as const, level: o.level } : { kind: 'human' as const };
    const fresh = initialModelVersus(match.value, opponent);
    watch = saveFirst(dataDir, notices, () => saveVersusSession(dataDir, fresh), 'match');
    model = fresh;
  }
  const store = watch.storeVersus(fileStoreVersus(dataDir));
  for (const n of notices) process.stderr.write(`${n}\n`);
  const io = { input: process.stdin, output: process.stdout, error: process.stderr };
  if (!fullScreenHere(o.plain)) {
    const { runPlainVersus } = await import('./plainVersus.ts');
    const code = await runPlainVersus(model, dataDir, io, aiHere, store);
    return watch.leave(code, process.stderr, null, 'match');
  }
  const { runVersus } = await import('../tui/versus/run.ts');
  const end = await runVersus({
    // The first notice (a save that failed, …) is on the screen too.
    model: notices[0] ? { ...model, notice: notices[0] } : model,
    dataDir,
    depth: detectColorDepth(process.env, true),
    animation: o.animation,
    ai: aiAdvisor,
    store,
  });
  const [a, b] = end.match.games;
  const next = end.match.over ? 'for another match' : 'to continue (saved)';
  const resume = resumeCommand('versus', { dataDir: o.dataDir });
  if (watch.kept) process.stdout.write(`Versus: ${a.score} - ${b.score}. Run ${resume} ${next}.\n`);
  return watch.leave(0, process.stderr, `Versus: ${a.score} - ${b.score}`, 'match');
}

async function playDuel(o: CliOptions): Promise<number> {
  const dataDir = resolve(o.dataDir ?? defaultDataDir());
  const { newDuel } = await import('../engine/duel.ts');
  const { initialModelDuel } = await import('../front/modelDuel.ts');
  const { loadDuelSession, saveDuelSession } = await import('../storage/storeMatches.ts');
  const { fileStoreDuel } = await import('../storage/storeVersus.ts');
  const saved = loadDuelSession(dataDir);
  const notices = [...saved.notices];
  let model = saved.value;
  let watch = new SaveWatch(true);
  if (model && !o.fresh) {
    if (o.seed !== undefined || o.size !== undefined) notices.push(RESUMED);
  } else {
    const duel = newDuel({ seed: o.seed ?? randomSeed(), size: o.size });
    // The options were checked by parseCli with the engine's own checks.
    if (!duel.ok) throw new Error(duel.error.message);
    const players: ['human' | 'ai', 'human' | 'ai'] = ['human', 'human'];
    players[duel.value.first] = o.slider;
    players[duel.value.first === 0 ? 1 : 0] = o.placer;
    const fresh = initialModelDuel(duel.value, players);
    watch = saveFirst(dataDir, notices, () => saveDuelSession(dataDir, fresh), 'duel');
    model = fresh;
  }
  const store = watch.storeDuel(fileStoreDuel(dataDir));
  for (const n of notices) process.stderr.write(`${n}\n`);
  const io = { input: process.stdin, output: process.stdout, error: process.stderr };
  if (!fullScreenHere(o.plain)) {
    const { runPlainDuel } = await import('./plainDuel.ts');
    const code = await runPlainDuel(model, dataDir, io, aiHere, placerHere, store);
    return watch.leave(code, process.stderr, null, 'duel');
  }
  const { runDuel } = await import('../tui/duel/run.ts');
  const end = await runDuel({
    // The first notice (a save that failed, …) is on the screen too.
    model: notices[0] ? { ...model, notice: notices[0] } : model,
    dataDir,
    depth: detectColorDepth(process.env, true),
    animation: o.animation,
    ai: aiAdvisor,
    placer: placerHere,
    store,
  });
  const scores = end.duel.rounds.map((r) => r.score).join(' - ');
  const next = end.duel.winner !== null ? 'for another' : 'to continue (saved)';
  const resume = resumeCommand('duel', { dataDir: o.dataDir });
  const said = `Duel: ${scores || 'no round finished'}`;
  if (watch.kept) process.stdout.write(`${said}. Run ${resume} ${next}.\n`);
  return watch.leave(0, process.stderr, said, 'duel');
}

/** `slidebox --ranked`, `slidebox puzzle --ranked`: a game the server deals and times. */
async function playRanked(o: CliOptions, kind: '2048' | 'puzzle'): Promise<number> {
  const ranked = await import('./ranked.ts');
  return ranked.playRanked({
    kind,
    size: o.size,
    target: o.target,
    daily: false,
    server: o.server,
    name: o.name,
    plain: o.plain,
    animation: o.animation,
    invert: o.invert,
    dataDir: o.dataDir,
    usageError: (message) => {
      process.stderr.write(`slidebox: ${message}\n\n${usageReminder(HELP[kind], kind)}\n`);
      return 2;
    },
  });
}

/**
 * `slidebox help [COMMAND]`: the overview, or a command's own help, the same text as
 * `slidebox COMMAND --help`; a word that is not a command gets one sentence and exit 2.
 */
function help(words: readonly string[]): Promise<number> | number {
  const [word, ...rest] = words;
  if (word === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const topic = word === '--help' || word === '-h' ? 'help' : word === 'analyze' ? 'analyse' : word;
  const more = rest.join(' ');
  const asked =
    rest.length === 0 ||
    (topic === 'bench' && more === 'ai') ||
    ((topic === 'versus' || topic === 'duel') && more === '--online');
  if (!isCommand(topic) || !asked) {
    const message = isCommand(topic)
      ? `slidebox help takes one command (slidebox help ${topic}), not "${words.join(' ')}"`
      : unknownCommandMessage(words.join(' '));
    process.stderr.write(`slidebox: ${message}\n`);
    return 2;
  }
  if (topic === 'help' || topic === 'bench') {
    process.stdout.write(`${HELP[topic]}\n`);
    return 0;
  }
  return main([topic, ...rest, '--help']);
}

async function main(argv: string[]): Promise<number> {
  // A reader that goes away (`slidebox --plain | head -1`) ends the game quietly.
  quietOnClosedPipe();
  if (argv[0] === 'help') return help(argv.slice(1));
  if (argv[0] === 'bench') {
    if (argv.length === 2 && (argv[1] === '--help' || argv[1] === '-h')) {
      process.stdout.write(`${HELP.bench}\n`);
      return 0;
    }
    if (argv[1] !== 'ai') {
      process.stderr.write(
        `slidebox: unknown benchmark "${argv.slice(1).join(' ')}" (try: slidebox bench ai)\n`,
      );
      return 2;
    }
    const bench = await import('./benchAi.ts');
    return bench.main(argv.slice(2));
  }
  if (argv[0] === 'daily') {
    const daily = await import('./daily.ts');
    return daily.main(argv.slice(1));
  }
  if (argv[0] === 'serve') {
    const serve = await import('./serve.ts');
    return serve.main(argv.slice(1));
  }
  // The leaderboard commands load the server's client only when they run.
  if (argv[0] === 'submit') {
    const submit = await import('./submit.ts');
    return submit.main(argv.slice(1));
  }
  if (argv[0] === 'leaderboard') {
    const board = await import('./leaderboard.ts');
    return board.main(argv.slice(1));
  }
  if (argv[0] === 'config') {
    const config = await import('./config.ts');
    return config.main(argv.slice(1));
  }
  if (argv[0] === 'replay' || argv[0] === 'export') {
    const share = await import('./share.ts');
    return share.main(argv[0], argv.slice(1));
  }
  if (argv[0] === 'analyse' || argv[0] === 'analyze') {
    const analyse = await import('./analyse.ts');
    return analyse.main(argv.slice(1));
  }
  // Online play (versus and duel through a server) has its own options.
  if (
    (argv[0] === 'versus' || argv[0] === 'duel') &&
    argv.some((a) => a === '--online' || a === '--join' || a.startsWith('--join='))
  ) {
    const online = await import('./onlineMatch.ts');
    return online.main(argv[0], argv);
  }
  const parsed = parseCli(argv);
  if (!parsed.ok) {
    // An unknown command's sentence lists the commands; any other problem is followed by the
    // command's usage lines, not its whole help, so the problem stays in view.
    const topic = helpTopic(argv) ?? '2048';
    const reminder =
      parsed.error.code === 'unknown-command' ? '' : `\n\n${usageReminder(HELP[topic], topic)}`;
    process.stderr.write(`slidebox: ${parsed.error.message}${reminder}\n`);
    return 2;
  }
  const o = parsed.value;
  if (o.command === 'help') {
    const topic = helpTopic(argv);
    process.stdout.write(`${topic ? HELP[topic] : USAGE}\n`);
    return 0;
  }
  if (o.command === 'version') {
    process.stdout.write(`slidebox ${VERSION}\n`);
    return 0;
  }
  if (o.command === 'stats') {
    const { runStats } = await import('./stats.ts');
    return runStats(o, {
      output: process.stdout,
      error: process.stderr,
      env: process.env,
      isTTY: process.stdout.isTTY === true,
    });
  }
  if (o.ranked && (o.command === '2048' || o.command === 'puzzle')) return playRanked(o, o.command);
  if (o.command === 'versus') return playVersus(o);
  if (o.command === 'duel') return playDuel(o);
  return o.command === 'puzzle' ? playPuzzle(o) : play2048(o);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`slidebox: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    process.exitCode = 1;
  },
);
