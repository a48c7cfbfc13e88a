/**
 * `slidebox analyse CODE|--last [--json]` (also spelt `analyze`): a shared game judged move by
 * move — 2048 by the AI (accuracy, agreement, each move's class and the AI's better move), the
 * puzzle by the optimal solver (the distance to solved before and after each move, the optimal
 * count, the wasted moves). Progress goes to stderr while it runs. docs/analysis.md says what
 * each figure means.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { Duel } from '../engine/duel.ts';
import { type Replay, readShareCodeWith } from '../engine/shareReplay.ts';
import type { Direction } from '../engine/types.ts';
import type { Placement } from '../solvers/ai2048/placer.ts';
import { isPresetName, type PresetName } from '../solvers/ai2048/presets.ts';
import {
  type Analysis2048,
  analyse2048,
  type LossScale,
  MOVE_CLASSES,
  type MoveVerdict2048,
} from '../solvers/analysis/analyse2048.ts';
import {
  type AnalysisMatch,
  analyseDuel,
  analyseVersus,
  type SideAnalysis,
} from '../solvers/analysis/analyseMatch.ts';
import { type AnalysisPuzzle, analysePuzzle } from '../solvers/analysis/analysePuzzle.ts';
import { defaultDataDir } from '../storage/files.ts';
import { HELP } from './help.ts';
import { placerFunction } from './solvers.ts';

/** Where the command writes. */
export interface AnalyseIo {
  out(s: string): void;
  err(s: string): void;
  /** Whether stderr is a terminal (progress then rewrites one line). */
  readonly errTty: boolean;
}

const processIo: AnalyseIo = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  errTty: process.stderr.isTTY === true,
};

/** How many of the worst moves the summary lists. */
const WORST = 5;

function usageError(io: AnalyseIo, message: string): number {
  io.err(`slidebox: ${message}\n\n${HELP.analyse}\n`);
  return 2;
}

/** The code in a text: the code itself or a link with #replay=CODE. */
function codeIn(text: string): string {
  const t = text.trim();
  const at = t.indexOf('#replay=');
  return (at >= 0 ? t.slice(at + '#replay='.length) : t).split(/\s/)[0] ?? '';
}

/** A progress reporter: one rewritten line on a terminal, else a line every tenth. */
function progress(io: AnalyseIo, what: string): (done: number, total: number) => void {
  let shown = -1;
  return (done, total) => {
    if (io.errTty) {
      if (done === total || done % 10 === 0)
        io.err(`\r${what}: move ${done} of ${total}${done === total ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor((done * 10) / Math.max(1, total));
    if (tenth !== shown) {
      shown = tenth;
      io.err(`${what}: move ${done} of ${total}\n`);
    }
  };
}

const pct = (x: number) => `${x.toFixed(1)}%`;

/** A loss as read: points of chance, or percent of the search's value (10 columns). */
function lossText(loss: number, scale: LossScale | undefined): string {
  const n = loss.toFixed(2).padStart(6);
  return (scale === 'chance' ? `${n} pts` : `${n}%`).padEnd(10);
}

/** What the losses of an analysis are, in a sentence. */
function scaleText(scale: Analysis2048['scale']): string {
  switch (scale) {
    case 'chance':
      return 'loss: points of the estimated chance to reach 2048';
    case 'mixed':
      return 'loss: points of the estimated chance to reach 2048 before the first 2048 (pts), then the share of the best move’s value given up (%)';
    default:
      return 'loss: the share of the best move’s value given up';
  }
}

/** The first line of a 2048 analysis: the board, the moves, and who judged them. */
function judgedBy(a: Pick<Analysis2048, 'preset' | 'search'>, size: number): string {
  return a.search === 'generic'
    ? `judged by the AI (its generic search for ${size}×${size})`
    : `judged by the AI (${a.preset} preset)`;
}

/** The summary lines of a side's or a game's slides. */
function lines2048(
  a: Pick<Analysis2048, 'accuracy' | 'agreement' | 'counts' | 'scale'> & {
    moves: readonly MoveVerdict2048[];
  },
): string[] {
  const n = a.moves.length;
  const agreed = a.moves.filter((m) => m.played === m.best).length;
  const lines = [
    `Accuracy ${a.accuracy.toFixed(1)}   Agreement ${pct(a.agreement)} (${agreed} of ${n} moves)`,
    MOVE_CLASSES.map((c) => `${c} ${a.counts[c]}`).join(' · '),
  ];
  // A move that differs from the AI's but loses nothing is as good as its choice: not a worst move.
  const worst = a.moves
    .filter((m) => m.played !== m.best && m.class !== 'best')
    .sort((x, y) => rank(y) - rank(x) || x.n - y.n)
    .slice(0, WORST);
  if (worst.length === 0 && agreed < n) {
    lines.push(
      '',
      'No move lost anything: those that differ from the AI’s are as good as its choice.',
    );
  }
  if (worst.length > 0) {
    lines.push('', `Worst moves (${scaleText(a.scale)}):`);
    for (const m of worst) {
      lines.push(
        `  move ${String(m.n).padStart(4)}  ${m.played.padEnd(5)}  better ${m.best.padEnd(5)}  loss ${lossText(m.loss, m.scale)} ${m.class}`,
      );
    }
  }
  return lines;
}

/** How bad a move is, for sorting across scales: its class first, then its loss. */
function rank(m: MoveVerdict2048): number {
  return MOVE_CLASSES.indexOf(m.class) * 1000 + Math.min(999, m.loss);
}

/** The text summary of a 2048 analysis. */
export function text2048(a: Analysis2048, size: number): string {
  const n = a.moves.length;
  const lines = [`2048 ${size}×${size}, ${n} moves, ${judgedBy(a, size)}`, ...lines2048(a)];
  return `${lines.join('\n')}\n`;
}

const placeText = (p: Placement) => `a ${p.value} at row ${p.at.row + 1}, column ${p.at.col + 1}`;

/** The text summary of a versus match or a duel, side by side. */
export function textMatch(a: AnalysisMatch, size: number, players: string): string {
  const names = players.split(',');
  const out: string[] = [
    `${a.kind === 'versus' ? 'Versus match' : 'Duel'} ${size}×${size}, ${judgedBy(a.sides[0], size).replace('judged', 'slides judged')}${a.kind === 'duel' ? ', placements by the placer' : ''}`,
  ];
  for (const s of a.sides) {
    const who =
      a.kind === 'versus' && s.side === 1 && names[0]
        ? ` (${names[0]})`
        : a.kind === 'duel' && names[s.side]
          ? ` (${names[s.side]})`
          : '';
    out.push('', `Player ${s.side + 1}${who}: ${s.moves.length} moves`);
    out.push(...lines2048(s).map((l) => (l === '' ? l : `  ${l}`)));
    const p = s.placements;
    if (p) {
      out.push(
        `  Placements: ${p.moves.length}   Accuracy ${p.accuracy.toFixed(1)}   Agreement ${pct(p.agreement)}`,
        `  ${MOVE_CLASSES.map((c) => `${c} ${p.counts[c]}`).join(' · ')}`,
      );
      const worst = p.moves
        .filter((m) => m.loss > 0)
        .sort((x, y) => y.loss - x.loss || x.n - y.n)
        .slice(0, WORST);
      if (worst.length > 0) {
        out.push('', '  Worst placements (loss: the share of the slider’s outlook left to it):');
        for (const m of worst) {
          out.push(
            `    placement ${String(m.n).padStart(3)}  ${placeText(m.played)}  better ${placeText(m.best)}  loss ${m.loss.toFixed(2)}%  ${m.class}`,
          );
        }
      }
    }
  }
  return `${out.join('\n')}\n`;
}

/** A 2048 analysis (a game's or a side's) as the JSON output gives it. */
function json2048(a: Analysis2048 | SideAnalysis) {
  const moves = a.moves.map((m) => ({
    n: m.n,
    ...('at' in m ? { at: (m as { at: number }).at } : {}),
    played: m.played,
    best: m.best,
    loss: m.loss,
    class: m.class,
    scale: m.scale ?? 'value',
  }));
  return {
    kind: '2048' as const,
    preset: a.preset,
    size: a.size,
    search: a.search,
    scale: a.scale,
    accuracy: a.accuracy,
    agreement: a.agreement,
    counts: a.counts,
    moves,
  };
}

/** The text summary of a puzzle analysis. */
export function textPuzzle(a: AnalysisPuzzle, solved: boolean): string {
  const w = a.width;
  const exact = a.exact ? 'the optimal' : 'at least (a lower bound)';
  const lines = [
    `Puzzle ${w}×${w}, ${a.played} moves${solved ? ', solved' : ', not solved'}`,
    `Optimal ${a.optimal} (${exact})   Wasted ${a.wasted}`,
  ];
  const end = a.moves.at(-1)?.after ?? a.optimal;
  if (!solved) lines.push(`At the end, ${end} moves from solved${a.exact ? '' : ' (at least)'}`);
  if (a.detours.length > 0) {
    const shown = a.detours.slice(0, 20).join(', ');
    const more = a.detours.length > 20 ? ` and ${a.detours.length - 20} more` : '';
    lines.push(`Detours at moves ${shown}${more}`);
    const first = a.moves.filter((m) => !m.optimal && m.best !== null).slice(0, WORST);
    if (first.length > 0) {
      lines.push('', 'First detours (distance to solved before → after):');
      for (const m of first) {
        lines.push(
          `  move ${String(m.n).padStart(4)}  tile ${String(m.played).padStart(2)}  better tile ${String(m.best).padStart(2)}  ${m.before} → ${m.after}`,
        );
      }
    }
  } else if (a.exact && a.played > 0) {
    lines.push('Every move was on a shortest path.');
  }
  return `${lines.join('\n')}\n`;
}

/** The code of the last finished game or match with one in the history (null: said why). */
async function lastCode(dir: string, io: AnalyseIo): Promise<string | null> {
  const { loadHistory } = await import('../storage/history.ts');
  const loaded = loadHistory(dir);
  for (const n of loaded.notices) io.err(`${n}\n`);
  if (loaded.problem) {
    io.err(`slidebox: ${loaded.problem}\n`);
    return null;
  }
  const last = loaded.history.entries.findLast((e) => e.code !== undefined);
  if (!last?.code) {
    io.err(`slidebox: nothing to analyse: no finished game with a share code in ${dir}\n`);
    return null;
  }
  return last.code;
}

/** Runs `slidebox analyse …`; resolves with the exit code. */
export async function main(argv: readonly string[], io: AnalyseIo = processIo): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    return usageError(io, (e as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.out(`${HELP.analyse}\n`);
    return 0;
  }
  const preset = values.preset ?? 'fast';
  if (!isPresetName(preset))
    return usageError(io, `--preset needs fast or strong, got "${preset}"`);
  if (values.last && positionals.length > 0)
    return usageError(io, 'give a CODE or --last, not both');
  if (!values.last && positionals.length !== 1) {
    return usageError(
      io,
      positionals.length === 0 ? 'which game? give a CODE or --last' : 'one CODE at a time',
    );
  }
  let code: string;
  if (values.last) {
    const last = await lastCode(resolve(values['data-dir'] ?? defaultDataDir()), io);
    if (last === null) return 1;
    code = last;
  } else code = codeIn(positionals[0]!);
  const r = await readShareCodeWith(code, placerFunction);
  if (!r.ok) {
    io.err(`slidebox: cannot analyse this code: ${r.error.message}\n`);
    return 2;
  }
  const replay = r.value;
  const out = { json: values.json === true, preset: preset as PresetName };
  if (replay.kind === '2048') return run2048(replay, out, io);
  if (replay.kind === 'puzzle') return runPuzzle(replay, out, io);
  return runMatch(replay, out, io);
}

/** How to report: JSON or text, and the AI's preset. */
interface Output {
  readonly json: boolean;
  readonly preset: PresetName;
}

function run2048(replay: Replay & { kind: '2048' }, o: Output, io: AnalyseIo): number {
  const game = replay.shared.game as {
    size: number;
    moves: readonly Direction[];
    evil: boolean;
  };
  const a = analyse2048(replay.states, game.moves, {
    preset: o.preset,
    onProgress: progress(io, 'analysing'),
    // The chance is calibrated with random spawns: an evil game's tiles are the placer's.
    calibrated: !game.evil,
  });
  if (!a.ok) {
    io.err(`slidebox: cannot analyse this game: ${a.error.message}\n`);
    return 1;
  }
  if (o.json) io.out(`${JSON.stringify(json2048(a.value))}\n`);
  else io.out(text2048(a.value, game.size));
  return 0;
}

async function runPuzzle(
  replay: Replay & { kind: 'puzzle' },
  o: Output,
  io: AnalyseIo,
): Promise<number> {
  const width = replay.states[0]!.size;
  let dbs4: Awaited<ReturnType<typeof loadDbs>> | undefined;
  if (width === 4) dbs4 = await loadDbs(io);
  const tiles = (replay.shared.game as { tiles: readonly number[] }).tiles;
  const a = analysePuzzle(replay.states, tiles, {
    dbs4,
    onProgress: progress(io, 'solving'),
  });
  if (o.json) {
    const { kind, optimal, wasted, exact } = a;
    const moves = a.moves.map((m) => ({
      n: m.n,
      played: m.played,
      before: m.before,
      after: m.after,
      best: m.best,
    }));
    io.out(`${JSON.stringify({ kind, exact, optimal, wasted, moves })}\n`);
  } else io.out(textPuzzle(a, replay.states.at(-1)!.solved));
  return 0;
}

function runMatch(replay: Replay & { kind: 'versus' | 'duel' }, o: Output, io: AnalyseIo): number {
  const size = (replay.shared.game as { size: number }).size;
  const opts = { preset: o.preset, onProgress: progress(io, 'analysing') };
  const a =
    replay.kind === 'versus'
      ? analyseVersus(replay.states, opts)
      : analyseDuel(replay.states as readonly Duel[], opts);
  if (!o.json) {
    io.out(textMatch(a, size, replay.shared.players));
    return 0;
  }
  const place = (p: Placement) => ({ row: p.at.row, col: p.at.col, value: p.value });
  const sides = a.sides.map((s) => ({
    side: s.side,
    ...json2048(s),
    placements: s.placements && {
      accuracy: s.placements.accuracy,
      agreement: s.placements.agreement,
      counts: s.placements.counts,
      moves: s.placements.moves.map((m) => ({
        n: m.n,
        at: m.at,
        played: place(m.played),
        best: place(m.best),
        loss: m.loss,
        class: m.class,
      })),
    },
  }));
  io.out(`${JSON.stringify({ kind: a.kind, preset: o.preset, sides })}\n`);
  return 0;
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      last: { type: 'boolean' },
      json: { type: 'boolean' },
      preset: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    allowPositionals: true,
    strict: true,
  });
}

/** The 4×4 pattern databases from the user's cache (built and cached the first time). */
async function loadDbs(io: AnalyseIo) {
  const { defaultStore } = await import('../storage/defaultStore.ts');
  const { patternDbs4, storedPatternDbs4 } = await import('../solvers/puzzle/pdbProvider.ts');
  const store = defaultStore();
  if (!(await storedPatternDbs4(store))) {
    io.err('building the 4×4 solver tables (once; about 15 s)\n');
  }
  return (await patternDbs4(store)).dbs;
}
