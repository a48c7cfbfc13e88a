/**
 * Command-line options: parsed once into a checked value, or a sentence saying what is wrong
 * (the CLI prints it with the usage and exits with code 2). Node's `util.parseArgs` splits the
 * arguments into options and positionals; the checks and the messages are ours.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { checkOptions, MAX_TILE_WORDS } from '../engine/game2048.ts';
import { err, ok, type Problem, type Result } from '../engine/result.ts';
import { MAX_SIZE, MIN_SIZE } from '../engine/types.ts';
import { checkVersusOptions } from '../engine/versus.ts';
import { AI_LEVELS, type AiLevel, isAiLevel } from '../front/versusAi.ts';
import { unknownCommandMessage as unknownCommand } from './help.ts';

export type Game = '2048' | 'puzzle' | 'versus' | 'duel';
const GAMES: readonly string[] = ['2048', 'puzzle', 'versus', 'duel'];
/** A game, or `stats`: the figures of the finished games. */
export type Command = Game | 'stats';
export type DuelPlayer = 'ai' | 'human';

export interface CliOptions {
  readonly command: Command | 'help' | 'version';
  readonly size: number | undefined;
  readonly target: number | undefined;
  readonly seed: number | undefined;
  readonly fresh: boolean;
  readonly animation: boolean;
  readonly plain: boolean;
  readonly invert: boolean;
  /** 2048: start with the AI playing; versus: the AI plays board 2. */
  readonly ai: boolean;
  /** Versus against the AI: its level. */
  readonly level: AiLevel | undefined;
  /** Versus: the largest attack (undefined: none, the seed's rule). */
  readonly cap: number | undefined;
  /** 2048: every new tile chosen by the placer AI to make the board worst. */
  readonly evil: boolean;
  /** Duel: who places and who slides in the first round (then they swap). */
  readonly placer: DuelPlayer;
  readonly slider: DuelPlayer;
  /** Stats: the summary as JSON. */
  readonly json: boolean;
  /** Puzzle: a relay from 3x3 up to a size, or a marathon of N puzzles of --size. */
  readonly series:
    | { readonly kind: 'relay'; readonly upTo: number }
    | { readonly kind: 'marathon'; readonly count: number }
    | undefined;
  readonly dataDir: string | undefined;
  /** 2048 and puzzle: a ranked game, dealt and timed by the server. */
  readonly ranked: boolean;
  /** Ranked play: the server (else the configured one) and the name on its boards. */
  readonly server: string | undefined;
  readonly name: string | undefined;
}

/** The overview printed by `slidebox --help` (each command's own text: help.ts). */
export { USAGE } from './help.ts';

/** Every option; `short` only for -h and -v. Negated forms are options of their own. */
const OPTIONS = {
  size: { type: 'string' },
  target: { type: 'string' },
  seed: { type: 'string' },
  cap: { type: 'string' },
  placer: { type: 'string' },
  slider: { type: 'string' },
  spawns: { type: 'string' },
  'data-dir': { type: 'string' },
  new: { type: 'boolean' },
  'no-animation': { type: 'boolean' },
  plain: { type: 'boolean' },
  invert: { type: 'boolean' },
  relay: { type: 'string' },
  marathon: { type: 'string' },
  ai: { type: 'boolean' },
  json: { type: 'boolean' },
  // Online play's own (slidebox versus|duel --online or --join CODE): read here to say so.
  online: { type: 'boolean' },
  join: { type: 'string' },
  server: { type: 'string' },
  name: { type: 'string' },
  watch: { type: 'boolean' },
  'turn-time': { type: 'string' },
  ranked: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const satisfies ParseArgsConfig['options'];

type OptionName = keyof typeof OPTIONS;

/** Options that belong to some games only. */
const ONLY_FOR: Partial<Record<OptionName, readonly Command[]>> = {
  target: ['2048', 'versus'],
  placer: ['duel'],
  slider: ['duel'],
  spawns: ['2048'],
  ai: ['2048', 'versus'],
  invert: ['puzzle'],
  relay: ['puzzle'],
  marathon: ['puzzle'],
  cap: ['versus'],
  json: ['stats'],
  online: ['versus', 'duel'],
  join: ['versus', 'duel'],
  'turn-time': ['duel'],
  ranked: ['2048', 'puzzle'],
};

/** Online play's options, refused in local play with what they go with. */
const ONLINE_ONLY: Partial<Record<OptionName, string>> = {
  online:
    '--online plays a friend through a server: slidebox versus --online or slidebox duel --online (--online --help)',
  join: '--join CODE joins an online room: slidebox versus --join CODE or slidebox duel --join CODE',
  watch: '--watch goes with --join CODE: it watches an online room',
  'turn-time': '--turn-time S goes with slidebox duel --online: the time per decision of a room',
  server:
    '--server goes with online play (--online or --join CODE), --ranked and the leaderboard commands',
  name: '--name goes with online play (--online or --join CODE) and --ranked',
};

/** Options that do not go with a ranked game, and why. */
const NOT_RANKED: Partial<Record<OptionName, string>> = {
  ai: '--ai does not go with --ranked: no AI, hint or solver helps in ranked play',
  seed: '--seed does not go with --ranked: the server deals a ranked game',
  spawns: '--spawns does not go with --ranked: ranked 2048 has natural spawns',
  new: '--new does not go with --ranked: a ranked game in progress is resumed until it ends (x resigns it)',
  relay: '--relay does not go with --ranked: relays are not ranked',
  marathon: '--marathon does not go with --ranked: marathons are not ranked',
};

/** The options of `slidebox stats`; every other one is refused there. */
const STATS_OPTIONS: readonly OptionName[] = ['size', 'json', 'data-dir'];

type CliProblem = Problem;

interface Scanned {
  /** The last value given to each value option. */
  readonly values: Map<OptionName, string>;
  readonly flags: Set<OptionName>;
  readonly positionals: string[];
}

const unknownOption = (name: string): Result<never, CliProblem> =>
  err({ code: 'unknown-option', message: `unknown option ${name}` });

function isOption(name: string): name is OptionName {
  return Object.hasOwn(OPTIONS, name);
}

/** The option an argument names: all of it, or what comes before its first `=`. */
function optionName(arg: string): string {
  const eq = arg.indexOf('=');
  return eq > 0 ? arg.slice(0, eq) : arg;
}

/**
 * What is wrong with an argument that parseArgs read as several short options (`-hv`, `-h=1`,
 * `-12`): the whole argument (up to any `=`) is one unknown option, or a flag given a value.
 */
function shortGroupProblem(arg: string): Result<never, CliProblem> {
  const name = optionName(arg);
  if (name !== arg && (name === '-h' || name === '-v')) {
    return err({ code: 'bad-option', message: `${name} takes no value` });
  }
  return unknownOption(name);
}

/** Splits argv into options and positionals; the first problem, in argument order, wins. */
function scan(argv: readonly string[]): Result<Scanned, CliProblem> {
  const { tokens } = parseArgs({
    args: [...argv],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const scanned: Scanned = { values: new Map(), flags: new Set(), positionals: [] };
  for (const token of tokens) {
    // `--` ends the options for parseArgs; slidebox has never accepted it.
    if (token.kind === 'option-terminator') return unknownOption('--');
    if (token.kind === 'positional') {
      if (token.value === '-') return unknownOption('-');
      scanned.positionals.push(token.value);
      continue;
    }
    // parseArgs reads `-hv` as -h and -v, `-h=1` as -h, -= and -1: slidebox reads such an
    // argument as one option, as it always has.
    const arg = argv[token.index]!;
    const inline = token.inlineValue ? `${token.rawName}=${token.value}` : token.rawName;
    if (arg !== inline) return shortGroupProblem(arg);
    if (!isOption(token.name)) return unknownOption(optionName(arg));
    if (OPTIONS[token.name].type === 'string') {
      if (token.value === undefined || token.value === '') {
        return err({ code: 'missing-value', message: `${token.rawName} needs a value` });
      }
      scanned.values.set(token.name, token.value);
    } else if (token.value !== undefined) {
      return err({ code: 'bad-option', message: `${token.rawName} takes no value` });
    } else {
      scanned.flags.add(token.name);
    }
  }
  return ok(scanned);
}

/** What a game's number may be, as its refusal says it (the engine checks it). */
function gameNumber(game: Game, key: 'size' | 'target' | 'seed' | 'cap'): string {
  switch (key) {
    case 'size':
      return `a whole number from ${MIN_SIZE} to ${MAX_SIZE}`;
    case 'target':
      return `a power of two from ${game === 'versus' ? 16 : 8} to ${MAX_TILE_WORDS}`;
    case 'seed':
      return `a whole number from 0 to ${Number.MAX_SAFE_INTEGER.toLocaleString('en-US')}`;
    case 'cap':
      return `a power of two from 4 to ${MAX_TILE_WORDS}`;
  }
}

function wholeNumber(
  name: string,
  text: string,
  what = 'a whole number from 0',
): Result<number, CliProblem> {
  if (!/^\d{1,16}$/.test(text)) {
    return err({ code: 'bad-value', message: `${name} needs ${what}, got "${text}"` });
  }
  return ok(Number(text));
}

/** `--marathon` with no count (last, or before another option) is a marathon of 10. */
function withMarathonCount(argv: readonly string[]): string[] {
  return argv.flatMap((a, i) =>
    a === '--marathon' && (argv[i + 1] === undefined || argv[i + 1]!.startsWith('-'))
      ? [a, String(DEFAULT_MARATHON)]
      : [a],
  );
}

export const DEFAULT_MARATHON = 10;
export const MAX_MARATHON = 100;

/** --relay N or --marathon N (with --size), checked. */
function seriesOption(values: Map<OptionName, string>): Result<CliOptions['series'], CliProblem> {
  const relay = values.get('relay');
  const marathon = values.get('marathon');
  const bad = (message: string) => err({ code: 'bad-value', message });
  if (relay !== undefined && marathon !== undefined) {
    return bad('--relay and --marathon are two different modes: choose one');
  }
  if (relay !== undefined) {
    if (values.has('size')) {
      return bad('--relay N runs from 3x3 up to NxN: it takes no --size');
    }
    const n = wholeNumber('--relay', relay, 'a size from 4 to 8');
    if (!n.ok) return n;
    if (n.value < 4 || n.value > 8) return bad(`--relay needs a size from 4 to 8, got ${n.value}`);
    return ok({ kind: 'relay', upTo: n.value });
  }
  if (marathon === undefined) return ok(undefined);
  const n = wholeNumber('--marathon', marathon, `a number of puzzles from 2 to ${MAX_MARATHON}`);
  if (!n.ok) return n;
  if (n.value < 2 || n.value > MAX_MARATHON) {
    return bad(`--marathon needs a number of puzzles from 2 to ${MAX_MARATHON}, got ${n.value}`);
  }
  return ok({ kind: 'marathon', count: n.value });
}

/** The command whose own help `--help` asks for: the first word when it is a game or stats. */
export function helpTopic(argv: readonly string[]): Command | undefined {
  const scanned = scan(withMarathonCount(argv));
  const first = scanned.ok ? scanned.value.positionals[0] : undefined;
  if (first === undefined) return undefined;
  return first === 'stats' || GAMES.includes(first) ? (first as Command) : undefined;
}

/** Parses argv (without node and the script). */
export function parseCli(argv: readonly string[]): Result<CliOptions, CliProblem> {
  const scanned = scan(withMarathonCount(argv));
  if (!scanned.ok) return scanned;
  const { values, flags, positionals } = scanned.value;
  if (flags.has('help')) return ok(defaults('help'));
  if (flags.has('version')) return ok(defaults('version'));
  if (positionals[0] === 'stats') return parseStats(scanned.value);
  const game = (positionals[0] ?? '2048') as Game;
  const level = versusLevel(game, flags, positionals);
  if (!level.ok) return level;
  const extra = positionals.length - (level.value === undefined || game !== 'versus' ? 1 : 2);
  if (extra > 0 || !GAMES.includes(game)) {
    return err({
      code: 'unknown-command',
      message: unknownCommandMessage(positionals),
    });
  }
  const onlyFor = gameOnly(game, (o) => values.has(o) || flags.has(o));
  if (onlyFor) return onlyFor;
  const ranked = flags.has('ranked');
  const rankedOnly = (o: OptionName) => ranked && (o === 'server' || o === 'name');
  for (const [option, message] of Object.entries(ONLINE_ONLY) as [OptionName, string][]) {
    if ((values.has(option) || flags.has(option)) && !rankedOnly(option)) {
      return err({ code: 'bad-option', message });
    }
  }
  if (ranked) {
    for (const [option, message] of Object.entries(NOT_RANKED) as [OptionName, string][]) {
      if (values.has(option) || flags.has(option)) return err({ code: 'bad-option', message });
    }
  }
  const players = duelPlayers(values);
  if (!players.ok) return players;
  const series = seriesOption(values);
  if (!series.ok) return series;
  const spawns = values.get('spawns');
  if (spawns !== undefined && spawns !== 'natural' && spawns !== 'evil') {
    return err({ code: 'bad-value', message: `--spawns needs natural or evil, got "${spawns}"` });
  }
  const checked = gameNumbers(game, (k) => values.get(k));
  if (!checked.ok) return checked;
  const nums = checked.value;
  return ok({
    command: game,
    size: nums.size,
    target: nums.target,
    seed: nums.seed,
    fresh: flags.has('new'),
    animation: !flags.has('no-animation'),
    plain: flags.has('plain'),
    invert: flags.has('invert'),
    ai: flags.has('ai'),
    level: level.value,
    cap: nums.cap,
    placer: players.value.placer,
    slider: players.value.slider,
    evil: spawns === 'evil',
    json: false,
    series: series.value,
    dataDir: values.get('data-dir'),
    ranked,
    server: values.get('server'),
    name: values.get('name'),
  });
}

type Numbers = Partial<Record<'size' | 'target' | 'seed' | 'cap', number>>;

/** The first option given that is for other games only, said so. */
function gameOnly(
  game: Command,
  given: (o: OptionName) => boolean,
): Result<never, CliProblem> | null {
  for (const [option, owners] of Object.entries(ONLY_FOR) as [OptionName, Command[]][]) {
    if (given(option) && !owners.includes(game)) {
      const names = owners.map((g) => `slidebox ${g}`).join(' and ');
      return err({ code: 'bad-option', message: `--${option} is for ${names} only` });
    }
  }
  return null;
}

/** --size, --target, --seed and --cap as whole numbers the game takes (the engine's word). */
function gameNumbers(
  game: Game,
  text: (key: 'size' | 'target' | 'seed' | 'cap') => string | undefined,
): Result<Numbers, CliProblem> {
  const nums: Numbers = {};
  for (const key of ['size', 'target', 'seed', 'cap'] as const) {
    const t = text(key);
    if (t === undefined) continue;
    const n = wholeNumber(`--${key}`, t, gameNumber(game, key));
    if (!n.ok) return n;
    nums[key] = n.value;
  }
  // The engine has the final word on what a size, target or seed may be.
  const base = { size: nums.size, target: nums.target, seed: nums.seed ?? 0 };
  const checked =
    game === 'versus'
      ? checkVersusOptions({ ...base, attackCap: nums.cap })
      : checkOptions(game === 'duel' ? { size: base.size, seed: base.seed } : base);
  if (!checked.ok) {
    const message = checked.error.message
      .replace(/^attackCap/, 'cap')
      .replace(', or null for none', '');
    return err({ code: checked.error.code, message: `--${message}` });
  }
  return ok(nums);
}

/** The options `slidebox versus|duel --online|--join …` reads (every one of local play too, to say why not). */
export const ONLINE_OPTIONS = (() => {
  const { version: _, ...rest } = OPTIONS;
  return rest;
})();

/** Local play's options that an online match has no use for, and why. */
const LOCAL_ONLY: Partial<Record<OptionName, string>> = {
  ai: '--ai plays the AI on this computer: online, a friend plays the other side (leave out --ai)',
  seed: '--seed is for play on this computer: an online room’s seed is drawn by the server',
  new: '--new is for play on this computer: an online room starts its own match',
  placer: '--placer is for a duel on this computer: online, the room says who places first',
  slider: '--slider is for a duel on this computer: online, the room says who slides first',
};

/** What online play takes from the command line, checked. */
export interface OnlineArgs {
  readonly size: number | undefined;
  readonly target: number | undefined;
  readonly cap: number | undefined;
  /** Duel: the time per decision (s) of the room made. */
  readonly turnTime?: number | undefined;
}

/**
 * The options of `slidebox versus|duel --online|--join …`, checked before any server is asked:
 * sizes, targets and caps as local play checks them (the same sentences), and the options that
 * do not go together — --online with --join, --watch without --join, a room's size, target or
 * cap with --join, local play's --ai, --seed, --new, --placer and --slider — said so.
 */
export function checkOnlineArgs(
  kind: 'versus' | 'duel',
  values: Readonly<Partial<Record<string, string | boolean>>>,
): Result<OnlineArgs, CliProblem> {
  const given = (o: string) => values[o] !== undefined && values[o] !== false;
  const bad = (message: string) => err({ code: 'bad-option', message });
  if (given('online') && given('join')) {
    return bad('--online makes a room, --join joins one: not both');
  }
  if (given('watch') && !given('join')) return bad(ONLINE_ONLY.watch!);
  for (const [option, message] of Object.entries(LOCAL_ONLY) as [OptionName, string][]) {
    if (given(option)) return bad(message);
  }
  const onlyFor = gameOnly(kind, (o) => given(o));
  if (onlyFor) return onlyFor;
  if (given('join')) {
    for (const k of ['size', 'target', 'cap', 'turn-time'] as const) {
      if (given(k)) {
        return bad(
          `--${k} goes with --online: a room is joined as it was made (--join takes no --${k})`,
        );
      }
    }
  }
  const text = (k: string) => {
    const v = values[k];
    return typeof v === 'string' ? v : undefined;
  };
  const nums = gameNumbers(kind, text);
  if (!nums.ok) return nums;
  const turn = text('turn-time');
  const turnTime = turn === undefined ? undefined : Number(turn);
  if (turnTime !== undefined && !(/^\d{1,4}$/.test(turn!) && turnTime >= 1 && turnTime <= 3600)) {
    return bad(`--turn-time is a whole number of seconds from 1 to 3600, got "${turn}"`);
  }
  return ok({ size: nums.value.size, target: nums.value.target, cap: nums.value.cap, turnTime });
}

function unknownCommandMessage(positionals: readonly string[]): string {
  return unknownCommand(positionals.join(' '));
}

/** `slidebox stats`: only --size (one board size), --json and --data-dir apply. */
function parseStats({ values, flags, positionals }: Scanned): Result<CliOptions, CliProblem> {
  if (positionals.length > 1) {
    return err({ code: 'unknown-command', message: unknownCommandMessage(positionals) });
  }
  for (const name of [...values.keys(), ...flags]) {
    if (!STATS_OPTIONS.includes(name)) {
      return err({ code: 'bad-option', message: `--${name} does not apply to slidebox stats` });
    }
  }
  let size: number | undefined;
  const text = values.get('size');
  if (text !== undefined) {
    const n = wholeNumber('--size', text, `a whole number from ${MIN_SIZE} to ${MAX_SIZE}`);
    if (!n.ok) return n;
    const checked = checkOptions({ size: n.value });
    if (!checked.ok)
      return err({ code: checked.error.code, message: `--${checked.error.message}` });
    size = n.value;
  }
  return ok({
    ...defaults('stats'),
    size,
    json: flags.has('json'),
    dataDir: values.get('data-dir'),
  });
}

/** Duel: who places and who slides first (ai or human). */
function duelPlayers(
  values: Map<OptionName, string>,
): Result<{ placer: DuelPlayer; slider: DuelPlayer }, CliProblem> {
  const out = { placer: 'ai' as DuelPlayer, slider: 'human' as DuelPlayer };
  for (const role of ['placer', 'slider'] as const) {
    const v = values.get(role);
    if (v === undefined) continue;
    if (v !== 'ai' && v !== 'human') {
      return err({ code: 'bad-value', message: `--${role} needs ai or human, got "${v}"` });
    }
    out[role] = v;
  }
  return ok(out);
}

/**
 * Versus against the AI: `--ai LEVEL` (the word after `versus --ai`), medium when none is
 * given; undefined otherwise.
 */
function versusLevel(
  game: string,
  flags: Set<OptionName>,
  positionals: readonly string[],
): Result<AiLevel | undefined, CliProblem> {
  if (game !== 'versus' || !flags.has('ai')) return ok(undefined);
  const word = positionals[1];
  if (word === undefined) return ok('medium');
  if (isAiLevel(word)) return ok(word);
  return err({
    code: 'bad-value',
    message: `--ai needs a level for versus: ${AI_LEVELS.join(', ')}, got "${word}"`,
  });
}

function defaults(command: CliOptions['command']): CliOptions {
  return {
    command,
    size: undefined,
    target: undefined,
    seed: undefined,
    fresh: false,
    animation: true,
    plain: false,
    invert: false,
    ai: false,
    level: undefined,
    cap: undefined,
    placer: 'ai',
    slider: 'human',
    evil: false,
    json: false,
    series: undefined,
    dataDir: undefined,
    ranked: false,
    server: undefined,
    name: undefined,
  };
}
