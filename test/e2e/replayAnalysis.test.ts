/**
 * The analysis in the full-screen replay, end to end in an 80×24 tmux pane: `i` runs it (on a
 * worker thread: progress on screen, `i` again stops it), then each position shows the mark of
 * the move played from it, the better move on the board and the game's course; `n` and `N`
 * jump between mistakes. The games are made here by the engine (the AI's moves with bad ones
 * mixed in; a puzzle shuffled by hand), and the marks expected come from the same analysis run
 * in this process (2048) or from a breadth-first search over every 3×3 position (the puzzle),
 * never from a copied screen.
 */
import { describe, expect, test } from 'vitest';
import {
  awaitingWinChoice,
  type Game,
  keepGoing,
  legalMoves,
  maxTile,
  newGame,
  play,
} from '../../src/engine/game2048.ts';
import { movableTiles, moveTile, newPuzzle, type Puzzle } from '../../src/engine/puzzle.ts';
import {
  encodeShared,
  shared2048,
  sharedPuzzle,
  sharedVersus,
} from '../../src/engine/shareCode.ts';
import { readShareCode } from '../../src/engine/shareReplay.ts';
import type { Direction } from '../../src/engine/types.ts';
import { newVersus, versusMove } from '../../src/engine/versus.ts';
import { formatNumber as fmt } from '../../src/front/format.ts';
import { DIRECTION_WORDS, matchView } from '../../src/front/modelAnalysis.ts';
import { analyse } from '../../src/solvers/ai2048/player.ts';
import { type Analysis2048, analyse2048 } from '../../src/solvers/analysis/analyse2048.ts';
import { analyseVersus } from '../../src/solvers/analysis/analyseMatch.ts';
import { bfsDistances, encode } from '../../src/testutil/puzzleBfs.ts';
import { useTmux } from './helpers/tmux.ts';

const { tmux, dirs, panes } = useTmux();

/** The filled arrow beside the board for the better move, the hollow one for the move played. */
const FILLED: Record<Direction, string> = { up: '▲', down: '▼', left: '◀', right: '▶' };
const HOLLOW: Record<Direction, string> = { up: '△', down: '▽', left: '◁', right: '▷' };
/** The columns of the game beside the panel at 80 columns (the panel takes the last 28). */
const GAME_COLS = 52;

async function replayIn(args: readonly string[]) {
  const pane = await tmux.start({
    args: ['replay', ...args],
    env: { COLORTERM: 'truecolor' },
    cols: 80,
    rows: 24,
    workDir: dirs.make('slidebox-e2e-pid-'),
  });
  panes.push(pane);
  return pane;
}

/**
 * A seeded 2048 game of up to `n` moves: the AI's (fast preset), but after its first 2048 every
 * `every`-th move the legal move the AI likes least (where every analysis
 * judges losses on the search's own value); with `past2048`, it stops that many moves after the
 * first 2048 (the replay goes on past the win as the game did).
 */
function gameWithSlips(seed: number, n: number, every: number, past2048 = 0): Game {
  let g = newGame({ seed });
  let after = -1;
  for (let i = 0; i < n && !g.over && after < past2048; i++) {
    if (awaitingWinChoice(g)) g = keepGoing(g);
    if (after >= 0 || maxTile(g.cells) >= 2048) after++;
    const a = analyse(g.cells, { preset: 'fast' });
    let d = a.move ?? legalMoves(g.cells)[0]!;
    // No slip before the 2048 (the game must get there), then every `every`-th move.
    if (after >= 0 && i % every === every - 1) {
      const legal = legalMoves(g.cells);
      d = legal.reduce((w, x) => (a.values[x] < a.values[w] ? x : w), legal[0]!);
    }
    g = play(g, d);
  }
  return g;
}

/** A game's share code and its analysis as `slidebox analyse` makes it (the fast preset). */
function analysed(g: Game): { code: string; a: Analysis2048 } {
  const s = shared2048(g);
  if (!s.ok) throw new Error(s.error.message);
  const code = encodeShared(s.value);
  const r = readShareCode(code);
  if (!r.ok || r.value.kind !== '2048' || r.value.shared.game.kind !== '2048') throw new Error();
  const a = analyse2048(r.value.states, r.value.shared.game.moves);
  if (!a.ok) throw new Error(a.error.message);
  return { code, a: a.value };
}

const isMistake = (c: string) => c === 'mistake' || c === 'blunder';

/** The game's part of the screen: left of the panel, above the key line (which has ▶ too). */
const boardPart = (screen: string) => {
  const lines = screen.split('\n');
  const keys = lines.findIndex((l) => l.includes('q quit'));
  return lines
    .slice(0, keys)
    .map((l) => [...l].slice(0, GAME_COLS).join(''))
    .join('\n');
};

const count = (s: string, ch: string) => s.split(ch).length - 1;

/** The words the panel gives a 2048 move's verdict (see modelAnalysis.ts). */
function verdictOf(m: Analysis2048['moves'][number]): string {
  return m.class === 'best' ? 'best (the AI’s move)' : `${m.class}, `;
}

describe('the analysis in the terminal replay', () => {
  test('2048: i analyses, steps show each move’s mark, n jumps to the next mistake and draws the better move', async () => {
    // A game with mistakes in it: the first seed whose analysis finds one past the start (slips
    // after the first 2048 are judged on the search's value, whatever the calibration).
    let found: { code: string; a: Analysis2048 } | null = null;
    for (let seed = 1; seed <= 4 && !found; seed++) {
      const x = analysed(gameWithSlips(seed, 3000, 4, 40));
      if (x.a.moves.some((m, i) => i > 3 && isMistake(m.class))) found = x;
    }
    expect(found, 'no game with a mistake: the analysis sees no loss in bad moves').not.toBeNull();
    const { code, a } = found!;
    const last = a.moves.length;
    const pane = await replayIn([code]);
    await pane.waitForText(/Replay · move \d+ of/);
    pane.keys('Space', 'Home');
    let screen = await pane.waitForText(`move 0 of ${fmt(last)} · ❚❚`);
    expect(screen).toContain('i analyse');
    expect(screen).not.toMatch(/\bn mistake|\bn next mistake/);
    pane.keys('i');
    screen = await pane.waitForText('Judged by the AI', { timeoutMs: 60_000 });
    expect(screen).toContain(`Accuracy ${a.accuracy.toFixed(1)}`);
    expect(screen).toContain(`Agreement ${a.agreement.toFixed(1)}%`);
    expect(screen).toContain('Loss per move');
    // Step through the first moves: each position shows the mark of the move played from it.
    for (let i = 0; i < 3; i++) {
      const m = a.moves[i]!;
      screen = await pane.waitForText(`move ${fmt(i)} of ${fmt(last)}`);
      expect(screen).toContain(`Next, move ${fmt(i + 1)}: ${DIRECTION_WORDS[m.played]}`);
      expect(screen).toContain(verdictOf(m));
      // The move played, when it was the best, is the one arrow drawn, filled.
      if (m.class === 'best') expect(count(boardPart(screen), FILLED[m.played])).toBe(4);
      pane.keys('Right');
    }
    await pane.waitForText(`move 3 of ${fmt(last)}`);
    // n: the next mistake after position 3, shown on the board it was played from.
    const k = a.moves.findIndex((m, i) => i > 3 && isMistake(m.class));
    pane.keys('n');
    screen = await pane.waitForText(`move ${fmt(k)} of ${fmt(last)} · ❚❚`);
    const m = a.moves[k]!;
    expect(screen).toContain(`Next, move ${fmt(k + 1)}: ${DIRECTION_WORDS[m.played]}`);
    expect(screen).toContain(`${m.class}, `);
    expect(screen).toContain(`better ${DIRECTION_WORDS[m.best]}`);
    const board = boardPart(screen);
    expect(count(board, FILLED[m.best])).toBe(4);
    expect(count(board, HOLLOW[m.played])).toBe(4);
    // The key line offers n only when another mistake lies ahead, N when one lies behind.
    const ahead = a.moves.some((x, i) => i > k && isMistake(x.class));
    const behind = a.moves.some((x, i) => i < k && isMistake(x.class));
    const keyLine = screen.split('\n').find((l) => l.includes('q quit'))!;
    expect(/\bn\b/.test(keyLine)).toBe(ahead);
    expect(/\bN\b/.test(keyLine)).toBe(behind);
    if (behind) {
      let j = k - 1;
      while (!isMistake(a.moves[j]!.class)) j--;
      pane.keys('N');
      await pane.waitForText(`move ${fmt(j)} of ${fmt(last)} · ❚❚`);
    }
    // i hides the analysis: no panel, no jumps offered; q quits.
    pane.keys('i');
    screen = await pane.waitFor((s) => !s.includes('Judged by'), 'the analysis hidden');
    expect(screen).toContain('i show');
    expect(screen).not.toMatch(/\bn mistake|N mistake/);
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);
  }, 120_000);

  test('2048: --analyse starts at once with its progress on screen; i stops it', async () => {
    const { code } = analysed(gameWithSlips(7, 1500, 10));
    const pane = await replayIn([code, '--analyse']);
    await pane.waitForText(/Analysing: move \d+ of|Analysing the game/, { stableMs: 0 });
    // Paused first, so the screen settles once the analysis has stopped.
    pane.keys('Space', 'i');
    const screen = await pane.waitForText('i analyse', { stableMs: 300 });
    expect(screen).toContain('❚❚ paused');
    expect(screen).not.toContain('Analysing');
    // Stopped, not merely hidden: no answer comes later.
    await new Promise((r) => setTimeout(r, 1500));
    expect(pane.capture()).toBe(screen);
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);
  }, 120_000);

  test('puzzle: the marks are the breadth-first distances; n jumps to a detour and lights the better tile', async () => {
    const dist = bfsDistances(3, 3);
    const d = (p: Puzzle) => dist.get(encode(p.tiles))!;
    // A shuffled 3×3 walked by hand: no tile straight back, so detours and good moves mix.
    let p = newPuzzle({ width: 3, seed: 12 });
    const states = [p];
    for (let i = 0; i < 20; i++) {
      const last = p.last?.slides[0]?.tile;
      const t = movableTiles(p).filter((x) => x !== last);
      p = moveTile(p, t[(i * 7) % t.length]!, i * 250);
      states.push(p);
    }
    const s = sharedPuzzle(p);
    if (!s.ok) throw new Error(s.error.message);
    const pane = await replayIn([encodeShared(s.value), '--analyse']);
    await pane.waitForText('Judged by the solver', { timeoutMs: 60_000 });
    pane.keys('Space', 'Home');
    let screen = await pane.waitForText('move 0 of 20 · ❚❚');
    const verdict = (i: number) => {
      const before = d(states[i]!);
      const after = d(states[i + 1]!);
      return `${after < before ? 'on path' : 'detour'}, ${before} → ${after}`;
    };
    expect(screen).toContain(verdict(0));
    pane.keys('Right');
    screen = await pane.waitForText('move 1 of 20 · ❚❚');
    expect(screen).toContain(verdict(1));
    const k = states.findIndex((q, i) => i > 1 && i < 20 && d(states[i + 1]!) > d(q));
    expect(k).toBeGreaterThan(1);
    pane.keys('n');
    screen = await pane.waitForText(`move ${k} of 20 · ❚❚`);
    expect(screen).toContain(`Next, move ${k + 1}: tile`);
    expect(screen).toContain(verdict(k));
    const better = Number(screen.match(/better tile (\d+)/)![1]);
    // The better tile starts a shortest solution, and it is the tile lit on the board.
    const from = states[k]!;
    expect(movableTiles(from)).toContain(better);
    expect(d(moveTile(from, better, 0))).toBe(d(from) - 1);
    const lit = (await pane.waitFor(() => true, 'the colours', { capture: 'escaped' })).match(
      /48;2;250;220;60m\s*(\d+)/,
    );
    expect(Number(lit?.[1])).toBe(better);
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);
  }, 120_000);

  test('versus: i analyses both sides, steps show the acting side’s mark, n lands on a side’s mistake', async () => {
    // A versus match made here, the sides taking turns through their legal moves in order.
    const v = newVersus({ seed: 2 });
    if (!v.ok) throw new Error(v.error.message);
    let match = v.value;
    for (let i = 0; i < 60 && !match.over; i++) {
      const side = (i % 2) as 0 | 1;
      const legal = legalMoves(match.games[side].cells);
      if (legal.length === 0) break;
      const next = versusMove(match, side, legal[(i >> 1) % legal.length]!);
      if (!next.ok) throw new Error(next.error.message);
      match = next.value;
    }
    const code = encodeShared(sharedVersus(match, 'human'));
    const r = readShareCode(code);
    if (!r.ok || r.value.kind !== 'versus') throw new Error('not a versus code');
    const states = r.value.states;
    const a = matchView(analyseVersus(states), states.length - 1);
    const last = a.moves.length;
    const pane = await replayIn([code]);
    await pane.waitForText(/Replay · move \d+ of/);
    pane.keys('Space', 'Home');
    let screen = await pane.waitForText(`move 0 of ${fmt(last)} · ❚❚`);
    expect(screen).toContain('i analyse');
    pane.keys('i');
    // At 80×24 the two boards leave no room for the panel: the figures of both sides above,
    // the mark of the action about to be played in place of the title.
    const gist = a.sides
      .map(
        (s) => `P${s.side + 1} ${s.slides.accuracy.toFixed(1)}/${Math.round(s.slides.agreement)}%`,
      )
      .join(' · ');
    screen = await pane.waitForText(gist, { timeoutMs: 60_000 });
    const markOf = (i: number) => {
      const m = a.moves[i]!;
      if (m.action !== 'slide') throw new Error('a versus action is a slide');
      return { m, text: `P${m.side + 1} action ${m.at} ${m.played}: ${m.class}` };
    };
    for (let i = 0; i < 3; i++) {
      screen = await pane.waitForText(`move ${fmt(i)} of ${fmt(last)}`);
      expect(screen).toContain(markOf(i).text);
      pane.keys('Right');
    }
    await pane.waitForText(`move 3 of ${fmt(last)}`);
    const k = a.moves.findIndex(
      (m, i) => i > 3 && (m?.class === 'mistake' || m?.class === 'blunder'),
    );
    expect(k, 'no mistake in the match').toBeGreaterThan(3);
    pane.keys('n');
    screen = await pane.waitForText(`move ${fmt(k)} of ${fmt(last)} · ❚❚`);
    const { m, text } = markOf(k);
    expect(screen).toContain(text);
    expect(screen).toContain(`better ${m.best}`);
    // The played move's hollow arrows beside the board of the side that slid.
    const lines = screen.split('\n');
    const keys = lines.findIndex((l) => l.includes('q quit'));
    const hollow = lines
      .slice(0, keys)
      .flatMap((l) => [...l].flatMap((ch, x) => (ch === HOLLOW[m.played] ? [x] : [])));
    expect(hollow.length).toBeGreaterThan(0);
    for (const x of hollow) expect(m.side === 0 ? x < 42 : x >= 38).toBe(true);
    pane.keys('q');
    expect((await pane.waitForExit()).code).toBe(0);
  }, 120_000);
});
