/**
 * The web front-end's wiring: input (keys, swipes, taps, buttons) → the front-end models
 * (the same pure models the terminal uses) → the views, plus saves, records, the timer, the
 * workers (AI and solver, loaded on first use) and the service worker. No rule lives here.
 *
 * Test hook: `?seed=N` seeds the first new game of the visit (both games), so end-to-end tests
 * can know the position the app shows.
 */
import { newGame } from '../engine/game2048.ts';
import { elapsedMs, newPuzzle, pauseClock, resumeClock } from '../engine/puzzle.ts';
import { checkSeed, randomSeed } from '../engine/rng.ts';
import {
  AUTOPLAY_DELAYS,
  type Command,
  initialModel,
  type Model,
  update,
  wantsAi,
} from '../front/model2048.ts';
import {
  initialPuzzleModel,
  type PuzzleCommand,
  type PuzzleModel,
  positionKey,
  updatePuzzle,
  wantsSolution,
} from '../front/modelPuzzle.ts';
import type { Records } from '../front/records.ts';
import { describe2048, describePuzzle } from './announce.ts';
import {
  type AiClient,
  createAiClient,
  createSolverClient,
  type SolveProgress,
  type SolverClient,
} from './clients.ts';
import { reducedMotion } from './dom.ts';
import { attachPointer } from './input.ts';
import { key2048, keyPuzzle } from './keymap.ts';
import {
  KEYS,
  type KeyValueStore,
  load2048,
  loadBests,
  loadPicture,
  loadPuzzle,
  loadSettings,
  raiseBest2048,
  recordSolve,
  save2048,
  saveBests,
  savePicture,
  savePuzzle,
  saveSettings,
} from './persist.ts';
import { builtinPicture, pictureFromFile } from './picture.ts';
import { CommandQueue } from './queue.ts';
import type { GameKind, Settings } from './settings.ts';
import { View2048 } from './view2048.ts';
import { ViewHome } from './viewHome.ts';
import { type SolverStatus, ViewPuzzle } from './viewPuzzle.ts';

/** Slide time of one move (ms); shorter while inputs wait, none when many do. */
const MOVE_MS = 100;
const QUICK_MS = 50;
/** Pause between the moves of a solution being played. */
const SOLVE_STEP_MS = 220;

// ---------------------------------------------------------------- storage and settings

function browserStore(): KeyValueStore {
  try {
    const s = window.localStorage;
    const probe = 'slidebox:probe';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    const m = new Map<string, string>();
    return {
      getItem: (k) => m.get(k) ?? null,
      setItem: (k, v) => void m.set(k, v),
      removeItem: (k) => void m.delete(k),
    };
  }
}

const store = browserStore();
const startupNotices: string[] = [];
const loadedSettings = loadSettings(store);
let settings: Settings = loadedSettings.value;
if (loadedSettings.notice) startupNotices.push(loadedSettings.notice);
const loadedBests = loadBests(store);
let bests: Records = loadedBests.value;
if (loadedBests.notice) startupNotices.push(loadedBests.notice);

const querySeed = (() => {
  const raw = new URLSearchParams(location.search).get('seed');
  if (raw === null) return null;
  const n = Number(raw);
  return checkSeed(n).ok ? n : null;
})();
let seedUsed = false;
/** Seeds for new games: the test hook's seed once, then fresh random ones. */
function nextSeed(): number {
  if (querySeed !== null && !seedUsed) {
    seedUsed = true;
    return querySeed;
  }
  return randomSeed();
}

/** Takes the startup notices (shown once, on the first screen that can show them). */
function takeNotices(extra: string | null = null): string | null {
  const all = [...startupNotices.splice(0), ...(extra ? [extra] : [])];
  return all.length ? all.join(' ') : null;
}

function changeSettings(s: Settings): void {
  settings = s;
  const problem = saveSettings(store, s);
  if (problem) live(problem);
}

// ---------------------------------------------------------------- page frame

const app = document.getElementById('app')!;
const liveRegion = document.getElementById('live')!;
let liveToggle = false;
/** Says something to screen readers (polite live region). */
function live(text: string): void {
  if (!text) return;
  // Alternate a zero-width space so the same sentence twice is still announced.
  liveToggle = !liveToggle;
  liveRegion.textContent = liveToggle ? text : `${text}\u200b`;
}

type Screen = 'home' | GameKind;
let screen: Screen | null = null;

function show(next: Screen): void {
  if (screen === next) return;
  if (screen === '2048') leave2048();
  if (screen === 'puzzle') leavePuzzle();
  screen = next;
  if (next === 'home') {
    home.show(settings, takeNotices());
    app.replaceChildren(home.root);
    home.focusPlay(settings.game);
    document.title = 'slidebox';
  } else if (next === '2048') {
    enter2048();
  } else {
    enterPuzzle();
  }
}

function route(): void {
  const h = location.hash.replace(/^#/, '');
  show(h === '2048' || h === 'puzzle' ? h : 'home');
}

function go(next: Screen): void {
  const hash = next === 'home' ? '' : `#${next}`;
  if (location.hash !== hash) {
    history.pushState(null, '', hash || location.pathname + location.search);
  }
  show(next);
}

// ---------------------------------------------------------------- home

const home = new ViewHome(settings, {
  change: changeSettings,
  play: (game) => {
    changeSettings({ ...settings, game });
    go(game);
  },
  pictureFile: (file) => {
    pictureFromFile(file).then(
      (url) => {
        customPicture = url;
        const problem = savePicture(store, url);
        changeSettings({ ...settings, picture: 'custom' });
        home.show(
          settings,
          problem ? 'The picture is too large to keep after this visit.' : 'Picture ready.',
        );
      },
      (e: unknown) => home.show(settings, (e as Error).message),
    );
  },
});
let customPicture: string | null = loadPicture(store);

// ---------------------------------------------------------------- 2048

let model2048: Model | null = null;
let view2048: View2048 | null = null;
let ai: AiClient | null = null;
let aiPending: { game: Model['game']; ctrl: AbortController } | null = null;

const queue2048 = new CommandQueue<Command>((cmd, backlog) => {
  const ms = reducedMotion() ? 0 : backlog > 2 ? 0 : backlog > 0 ? QUICK_MS : MOVE_MS;
  return apply2048(cmd, ms);
});

/** Runs one command; returns how long its animation keeps the board busy. */
function apply2048(cmd: Command, ms: number): number {
  if (!model2048 || !view2048) return 0;
  const before = model2048;
  let m = update(before, cmd, nextSeed);
  let saveProblem: string | null = null;
  if (m.game !== before.game) {
    saveProblem = save2048(store, m.game);
    const raised = raiseBest2048(bests, m.game.size, m.game.score);
    if (raised !== bests) {
      bests = raised;
      saveProblem ??= saveBests(store, bests);
    }
    if (saveProblem) m = { ...m, notice: saveProblem };
  }
  model2048 = m;
  const moved = m.game.previous === before.game && m.game !== before.game;
  view2048.render(m, moved ? ms : 0);
  // Autoplay moves come too fast to read out: only their results (a win, the end) are.
  const said = describe2048(before.game, m.game);
  const quiet = cmd.type === 'ai-answer' && m.autoplay && !m.game.over && said.indexOf('win') < 0;
  live((quiet ? '' : said) || (m.notice !== before.notice ? (m.notice ?? '') : ''));
  if (m.speed !== settings.speed) changeSettings({ ...settings, speed: m.speed });
  sync2048Ai();
  return moved ? ms : 0;
}

/** Asks the AI when the model wants an answer it is not already waiting for. */
function sync2048Ai(): void {
  const m = model2048;
  if (aiPending && (!m || aiPending.game !== m.game || !wantsAi(m))) {
    aiPending.ctrl.abort();
    aiPending = null;
  }
  if (!m || screen !== '2048' || !wantsAi(m) || aiPending) return;
  const game = m.game;
  const ctrl = new AbortController();
  aiPending = { game, ctrl };
  const purpose = m.autoplay ? 'autoplay' : 'hint';
  const started = performance.now();
  ai ??= createAiClient();
  ai.bestMove(
    game.cells.map((r) => [...r]),
    purpose,
    ctrl.signal,
  ).then(
    async (dir) => {
      // Autoplay keeps its pace: the pause counts from when the AI was asked.
      const pause = purpose === 'autoplay' ? AUTOPLAY_DELAYS[model2048?.speed ?? 0]! : 0;
      const wait = pause - (performance.now() - started);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (ctrl.signal.aborted) return;
      aiPending = null;
      // For the curious (and the browser tests): which build of the search answered.
      if (ai?.engine) document.documentElement.dataset.aiEngine = ai.engine;
      queue2048.push({ type: 'ai-answer', game, dir });
    },
    (e: unknown) => {
      if (ctrl.signal.aborted) return;
      aiPending = null;
      queue2048.push({ type: 'ai-failed', message: (e as Error).message });
    },
  );
}

function enter2048(): void {
  document.title = '2048 · slidebox';
  let notice: string | null = null;
  if (!model2048 || model2048.game.size !== settings.size) {
    const loaded = load2048(store, settings.size);
    notice = loaded.notice;
    let game = loaded.value;
    if (game && game.target !== settings.target && game.moves > 0) {
      notice = `Continuing your ${game.size}×${game.size} game (target ${game.target}); the new target applies to your next new game.`;
    } else if (!game || game.target !== settings.target) {
      game = newGame({ size: settings.size, target: settings.target, seed: nextSeed() });
      save2048(store, game);
    }
    const best = bests.best2048[String(settings.size)] ?? 0;
    model2048 = { ...initialModel(game, best), speed: settings.speed };
  }
  model2048 = {
    ...model2048,
    target: settings.target,
    notice: takeNotices(notice),
    overlay: null,
  };
  if (!view2048) {
    view2048 = new View2048({
      command: (cmd) => queue2048.push(cmd),
      menu: () => go('home'),
    });
    attachPointer(view2048.board, { swipe: (dir) => queue2048.push({ type: 'move', dir }) });
  }
  app.replaceChildren(view2048.root);
  view2048.render(model2048, reducedMotion() ? 0 : MOVE_MS);
  if (model2048.notice) live(model2048.notice);
  sync2048Ai();
}

function leave2048(): void {
  queue2048.clear();
  if (model2048) model2048 = { ...model2048, autoplay: false, hintWanted: false };
  sync2048Ai();
}

// ---------------------------------------------------------------- puzzle

let puzzleModel: PuzzleModel | null = null;
let viewPz: ViewPuzzle | null = null;
let solver: SolverClient | null = null;
let solving: { from: string; cancel(): void } | null = null;
let solverStatus: SolverStatus | null = null;
let stepTimer: ReturnType<typeof setTimeout> | null = null;
let ticker: ReturnType<typeof setInterval> | null = null;

const queuePuzzle = new CommandQueue<PuzzleCommand>((cmd, backlog) => {
  const animate = !reducedMotion() && backlog <= 2;
  return applyPuzzle(cmd, animate);
});

function applyPuzzle(cmd: PuzzleCommand, animate: boolean): number {
  if (!puzzleModel || !viewPz) return 0;
  const now = Date.now();
  const before = puzzleModel;
  let m = updatePuzzle(before, cmd, { now, seed: nextSeed });
  if (m.puzzle !== before.puzzle) {
    if (m.puzzle.solved && !before.puzzle.solved && !m.assisted) {
      const r = recordSolve(bests, m.puzzle.width, m.puzzle.moves, elapsedMs(m.puzzle, now));
      bests = r.bests;
      m = {
        ...m,
        best: bests.puzzle[String(m.puzzle.width)] ?? {},
        records: { moves: r.movesRecord, time: r.timeRecord },
      };
      const p = saveBests(store, bests);
      if (p) m = { ...m, notice: p };
    }
    const p = savePuzzle(store, m.puzzle, now);
    if (p) m = { ...m, notice: p };
  }
  puzzleModel = m;
  const moved =
    m.puzzle !== before.puzzle && (m.puzzle.previous === before.puzzle || m.puzzle.undone !== null);
  viewPz.render(m, now, moved && animate, solverStatus);
  live(
    describePuzzle(before.puzzle, m.puzzle, elapsedMs(m.puzzle, now)) ||
      (m.notice !== before.notice ? (m.notice ?? '') : ''),
  );
  syncSolver();
  return moved && animate ? MOVE_MS : 0;
}

/** Starts or stops the solver and the solution player to match the model. */
function syncSolver(): void {
  const m = puzzleModel;
  const from = m ? positionKey(m.puzzle) : '';
  if (solving && (!m || solving.from !== from || !wantsSolution(m) || screen !== 'puzzle')) {
    solving.cancel();
    solving = null;
    solverStatus = null;
  }
  if (m && screen === 'puzzle' && wantsSolution(m) && !solving) {
    solver ??= createSolverClient();
    solverStatus = { text: 'Solving…', progress: null };
    const onProgress = (p: SolveProgress) => {
      if (solving?.from !== from) return;
      const part = p.total > 0 ? p.done / p.total : null;
      const percent = part === null ? '' : ` ${Math.floor(part * 100)}%`;
      solverStatus = { text: `${p.stage}…${percent}`, progress: part };
      if (puzzleModel && viewPz) viewPz.render(puzzleModel, Date.now(), false, solverStatus);
    };
    const run = solver.solve(m.puzzle.tiles, m.puzzle.width, onProgress);
    let cancelled = false;
    solving = {
      from,
      cancel: () => {
        cancelled = true;
        run.cancel();
      },
    };
    run.promise.then(
      (tiles) => {
        if (cancelled) return;
        solving = null;
        solverStatus = null;
        queuePuzzle.push({ type: 'solution', from, tiles });
      },
      (e: unknown) => {
        if (cancelled) return;
        solving = null;
        solverStatus = null;
        queuePuzzle.push({ type: 'solver-failed', from, message: (e as Error).message });
      },
    );
    viewPz?.render(m, Date.now(), false, solverStatus);
  }
  if (stepTimer) clearTimeout(stepTimer);
  stepTimer = null;
  if (m && screen === 'puzzle' && m.autoSolve && !wantsSolution(m)) {
    stepTimer = setTimeout(() => queuePuzzle.push({ type: 'solve-step' }), SOLVE_STEP_MS);
  }
}

function puzzleLook(): { picture: string | null; numbers: boolean } {
  if (settings.picture === 'none') return { picture: null, numbers: true };
  const picture = settings.picture === 'custom' && customPicture ? customPicture : builtinPicture();
  return { picture, numbers: settings.numbers };
}

function enterPuzzle(): void {
  let notice: string | null = null;
  const now = Date.now();
  if (!puzzleModel || puzzleModel.puzzle.width !== settings.width) {
    const loaded = loadPuzzle(store, settings.width);
    notice = loaded.notice;
    const puzzle = loaded.value ?? newPuzzle({ width: settings.width, seed: nextSeed() });
    const best = bests.puzzle[String(settings.width)] ?? {};
    puzzleModel = initialPuzzleModel(puzzle, best);
    if (!loaded.value) savePuzzle(store, puzzle, now);
  }
  if (settings.picture === 'custom' && !customPicture) {
    notice = [notice, 'No picture of yours is saved yet: showing the built-in one.']
      .filter(Boolean)
      .join(' ');
  }
  puzzleModel = {
    ...puzzleModel,
    puzzle: resumeClock(puzzleModel.puzzle, now),
    notice: takeNotices(notice),
    overlay: null,
  };
  if (!viewPz) {
    viewPz = new ViewPuzzle({
      command: (cmd) => queuePuzzle.push(cmd),
      menu: () => go('home'),
      numbers: (on) => {
        changeSettings({ ...settings, numbers: on });
        viewPz?.setLook(puzzleLook());
      },
    });
    const v = viewPz;
    attachPointer(v.board, {
      swipe: (dir) => queuePuzzle.push({ type: 'move', dir }),
      tap: (target) => {
        const tile = v.tileOf(target);
        if (tile) queuePuzzle.push({ type: 'tile', tile });
      },
    });
  }
  viewPz.setLook(puzzleLook());
  document.title = `${settings.width * settings.width - 1}-puzzle · slidebox`;
  app.replaceChildren(viewPz.root);
  viewPz.render(puzzleModel, now, false, solverStatus);
  if (puzzleModel.notice) live(puzzleModel.notice);
  ticker = setInterval(() => {
    if (puzzleModel && viewPz && puzzleModel.puzzle.clock.runningSince !== null) {
      viewPz.tick(puzzleModel, Date.now());
    }
  }, 500);
  syncSolver();
}

function leavePuzzle(): void {
  queuePuzzle.clear();
  if (ticker) clearInterval(ticker);
  ticker = null;
  if (puzzleModel) {
    const now = Date.now();
    puzzleModel = { ...puzzleModel, puzzle: pauseClock(puzzleModel.puzzle, now), autoSolve: false };
    savePuzzle(store, puzzleModel.puzzle, now);
  }
  syncSolver();
}

// ---------------------------------------------------------------- global events

document.addEventListener('keydown', (e) => {
  const t = e.target as HTMLElement | null;
  if (t?.closest('input, select, textarea, [contenteditable]')) return;
  if (screen === '2048' && model2048) {
    // Keys are read against the model on screen; the queue applies them in order.
    const cmd = key2048(e, model2048);
    if (cmd) {
      e.preventDefault();
      queue2048.push(cmd);
    }
  } else if (screen === 'puzzle' && puzzleModel) {
    const cmd = keyPuzzle(e, puzzleModel);
    if (cmd) {
      e.preventDefault();
      queuePuzzle.push(cmd);
    }
  }
});

document.addEventListener('visibilitychange', () => {
  if (!puzzleModel || screen !== 'puzzle') return;
  const now = Date.now();
  const p =
    document.visibilityState === 'hidden'
      ? pauseClock(puzzleModel.puzzle, now)
      : resumeClock(puzzleModel.puzzle, now);
  puzzleModel = { ...puzzleModel, puzzle: p };
  savePuzzle(store, p, now);
});

window.addEventListener('pagehide', () => {
  if (puzzleModel) savePuzzle(store, puzzleModel.puzzle, Date.now());
});

// Another tab of the app saved: take its state, so that neither tab's moves overwrite the
// other's (the last move made in either tab is the game both continue). The browser tells every
// tab but the one that wrote.
const FROM_OTHER_TAB = 'This game was played in another tab: continuing from its latest position.';
window.addEventListener('storage', (e) => {
  if (e.key === null || e.newValue === null) return;
  if (e.key === KEYS.settings) {
    settings = loadSettings(store).value;
    // The autoplay pace is a setting too: take it, or the next move here would write ours back.
    if (model2048 && model2048.speed !== settings.speed) {
      model2048 = { ...model2048, speed: settings.speed };
      if (screen === '2048') view2048?.render(model2048, 0);
    }
  } else if (e.key === KEYS.bests) {
    bests = loadBests(store).value;
  } else if (model2048 && e.key === KEYS.game2048(model2048.game.size)) {
    const game = load2048(store, model2048.game.size).value;
    if (!game) return;
    queue2048.clear();
    const best = bests.best2048[String(game.size)] ?? 0;
    model2048 = { ...initialModel(game, best, FROM_OTHER_TAB), speed: model2048.speed };
    if (screen === '2048' && view2048) {
      view2048.render(model2048, 0);
      live(FROM_OTHER_TAB);
    }
    sync2048Ai();
  } else if (puzzleModel && e.key === KEYS.puzzle(puzzleModel.puzzle.width)) {
    const loaded = loadPuzzle(store, puzzleModel.puzzle.width).value;
    if (!loaded) return;
    queuePuzzle.clear();
    const now = Date.now();
    const here = screen === 'puzzle' && document.visibilityState === 'visible';
    const puzzle = here ? resumeClock(loaded, now) : loaded;
    const best = bests.puzzle[String(puzzle.width)] ?? {};
    puzzleModel = initialPuzzleModel(puzzle, best, { notice: FROM_OTHER_TAB });
    if (screen === 'puzzle' && viewPz) {
      viewPz.render(puzzleModel, now, false, solverStatus);
      live(FROM_OTHER_TAB);
    }
    syncSolver();
  }
});

window.addEventListener('popstate', route);
route();

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('./sw.js').catch(() => {
      // No offline mode (e.g. served over plain HTTP from another host): the app still works.
    });
  });
}
