/**
 * The web app: settings, records and the player's picture, the home screen and the game
 * screens (2048, puzzle, versus, duel, their daily challenges, replays, statistics — each loaded
 * the first time it is shown), routing by the URL's hash, and the page's events (keys, visibility, other tabs).
 * All state lives in the App object; nothing runs until {@link startApp} is called.
 *
 * `?seed=N` in the URL seeds the first new game of the visit (both games), so a link can name
 * the position a game starts from.
 */
import { checkSeed, randomSeed } from '../engine/rng.ts';
import { utcDay } from '../front/daily.ts';
import { type AppContext, keyBelongsToControl } from './context.ts';
import type { Screen2048 } from './game2048/screen.ts';
import { ViewHome } from './home/view.ts';
import { pictureFromFile } from './puzzle/picture.ts';
import type { ScreenPuzzle } from './puzzle/screen.ts';
import { dailyPlan } from './storage/daily.ts';
import {
  KEYS,
  type KeyValueStore,
  loadPicture,
  loadRecords,
  loadSettings,
  savePicture,
  saveSettings,
} from './storage/persist.ts';
import { GAMES, type GameKind, type Settings } from './storage/settings.ts';
import { browserKeyValueStore, type RecordsBox } from './storage/webStores.ts';

type ScreenName = 'home' | GameKind | 'replay' | 'stats' | 'daily-2048' | 'daily-puzzle';

/** What every game screen does for the app. */
interface Screen {
  enter(): void;
  leave(): void;
  /** A key pressed on the screen; true when the game took it. */
  key(e: KeyboardEvent): boolean;
}

/**
 * A screen whose code is loaded the first time it is shown (versus and duel), so the first
 * page load carries only the home screen and the single-player games.
 */
class LazyScreen<S extends Screen = Screen> implements Screen {
  private screen: S | null = null;
  private loading: Promise<void> | null = null;
  private shown = false;

  constructor(
    private readonly load: () => Promise<S>,
    private readonly failed: (message: string) => void,
  ) {}

  /** The screen, once its code has loaded. */
  loaded(): S | null {
    return this.screen;
  }

  enter(): void {
    this.shown = true;
    if (this.screen) {
      this.screen.enter();
      return;
    }
    this.loading ??= this.load().then(
      (screen) => {
        this.screen = screen;
        if (this.shown) screen.enter();
      },
      (e: unknown) => {
        this.loading = null;
        if (this.shown) this.failed(`This game could not be loaded (${(e as Error).message}).`);
      },
    );
  }

  leave(): void {
    this.shown = false;
    this.screen?.leave();
  }

  key(e: KeyboardEvent): boolean {
    return this.screen?.key(e) ?? false;
  }
}

class App implements AppContext {
  readonly kv: KeyValueStore;
  readonly records: RecordsBox;
  private current: Settings;
  private customPicture: string | null;
  private readonly notices: string[] = [];
  private firstSeed: number | null;
  private liveToggle = false;
  private screen: ScreenName | null = null;
  private readonly homeView: ViewHome;
  private readonly game2048: LazyScreen<Screen2048>;
  private readonly puzzle: LazyScreen<ScreenPuzzle>;
  private readonly versus: LazyScreen;
  private readonly duel: LazyScreen;
  private readonly replay: LazyScreen;
  private readonly stats: LazyScreen;
  private readonly daily2048: LazyScreen<Screen2048>;
  private readonly dailyPuzzle: LazyScreen<ScreenPuzzle>;

  constructor(
    private readonly root: HTMLElement,
    private readonly liveRegion: HTMLElement,
  ) {
    this.kv = browserKeyValueStore();
    const settings = loadSettings(this.kv);
    const records = loadRecords(this.kv);
    this.current = settings.value;
    this.records = { value: records.value };
    for (const n of [settings.notice, records.notice]) if (n) this.notices.push(n);
    this.customPicture = loadPicture(this.kv);
    const seed = Number(new URLSearchParams(location.search).get('seed') ?? Number.NaN);
    this.firstSeed = checkSeed(seed).ok ? seed : null;
    this.homeView = new ViewHome(this.current, {
      change: (s) => this.changeSettings(s),
      play: (game) => {
        this.changeSettings({ ...this.current, game });
        this.go(game);
      },
      pictureFile: (file) => this.takePicture(file),
    });
    const failed = (message: string) => {
      this.notices.push(message);
      this.go('home');
    };
    this.versus = new LazyScreen(
      async () => new (await import('./versus/screen.ts')).ScreenVersus(this),
      failed,
    );
    this.duel = new LazyScreen(
      async () => new (await import('./duel/screen.ts')).ScreenDuel(this),
      failed,
    );
    this.replay = new LazyScreen(
      async () => new (await import('./replay/screen.ts')).ScreenReplay(this),
      failed,
    );
    const screen2048 = async (daily?: () => ReturnType<typeof dailyPlan>) =>
      new (await import('./game2048/screen.ts')).Screen2048(this, daily);
    this.game2048 = new LazyScreen(() => screen2048(), failed);
    this.daily2048 = new LazyScreen(() => screen2048(() => dailyPlan('2048')), failed);
    const puzzleScreen = async (daily?: () => ReturnType<typeof dailyPlan>) =>
      new (await import('./puzzle/screen.ts')).ScreenPuzzle(this, daily);
    this.puzzle = new LazyScreen(() => puzzleScreen(), failed);
    this.dailyPuzzle = new LazyScreen(() => puzzleScreen(() => dailyPlan('puzzle')), failed);
    this.stats = new LazyScreen(
      async () => new (await import('./stats/screen.ts')).ScreenStats(this),
      failed,
    );
  }

  /** The screen of a game, or of replays. */
  private screenOf(name: Exclude<ScreenName, 'home'>): Screen {
    const screens = {
      '2048': this.game2048,
      puzzle: this.puzzle,
      versus: this.versus,
      duel: this.duel,
      replay: this.replay,
      stats: this.stats,
      'daily-2048': this.daily2048,
      'daily-puzzle': this.dailyPuzzle,
    };
    return screens[name];
  }

  settings(): Settings {
    return this.current;
  }

  changeSettings(s: Settings): void {
    this.current = s;
    const problem = saveSettings(this.kv, s);
    if (problem) this.live(problem);
  }

  live(text: string): void {
    if (!text) return;
    // Alternate a zero-width space so the same sentence twice is still announced.
    this.liveToggle = !this.liveToggle;
    this.liveRegion.textContent = this.liveToggle ? text : `${text}\u200b`;
  }

  takeNotices(extra: string | null = null): string | null {
    const all = [...this.notices.splice(0), ...(extra ? [extra] : [])];
    return all.length ? all.join(' ') : null;
  }

  picture(): string | null {
    return this.customPicture;
  }

  nextSeed(): number {
    const seed = this.firstSeed ?? randomSeed();
    this.firstSeed = null;
    return seed;
  }

  mount(el: HTMLElement): void {
    this.root.replaceChildren(el);
  }

  home(): void {
    this.go('home');
  }

  /** Shows the screen the URL names. */
  route(): void {
    const h = location.hash.replace(/^#/, '');
    if (h.startsWith('replay=')) this.show('replay');
    else if (h === 'stats' || h === 'daily-2048' || h === 'daily-puzzle') this.show(h);
    else this.show((GAMES as readonly string[]).includes(h) ? (h as GameKind) : 'home');
  }

  /** Listens to the page: keys, visibility, saves by other tabs, history. */
  listen(): void {
    document.addEventListener('keydown', (e) => {
      if (keyBelongsToControl(e) || this.screen === null || this.screen === 'home') return;
      if (this.screenOf(this.screen).key(e)) e.preventDefault();
    });
    document.addEventListener('visibilitychange', () => {
      const shown = document.visibilityState === 'visible';
      if (this.screen === 'puzzle') this.puzzle.loaded()?.visible(shown);
      if (this.screen === 'daily-puzzle') this.dailyPuzzle.loaded()?.visible(shown);
    });
    window.addEventListener('pagehide', () => {
      if (this.screen === 'puzzle') this.puzzle.loaded()?.visible(false);
      if (this.screen === 'daily-puzzle') this.dailyPuzzle.loaded()?.visible(false);
    });
    window.addEventListener('storage', (e) => this.storageChanged(e));
    window.addEventListener('popstate', () => this.route());
  }

  private go(next: ScreenName): void {
    const hash = next === 'home' ? '' : `#${next}`;
    if (location.hash !== hash) {
      history.pushState(null, '', hash || location.pathname + location.search);
    }
    this.show(next);
  }

  private show(next: ScreenName): void {
    // Another replay link on the replay screen: read its code.
    if (this.screen === next && next !== 'replay') return;
    if (this.screen !== null && this.screen !== 'home') this.screenOf(this.screen).leave();
    this.screen = next;
    if (next !== 'home') this.screenOf(next).enter();
    else {
      this.homeView.show(this.current, this.takeNotices());
      this.homeView.showDaily(this.records.value.daily ?? {}, utcDay(Date.now()));
      this.mount(this.homeView.root);
      this.homeView.focusPlay(this.current.game);
      document.title = 'slidebox';
    }
  }

  private takePicture(file: File): void {
    pictureFromFile(file).then(
      (url) => {
        this.customPicture = url;
        const problem = savePicture(this.kv, url);
        this.changeSettings({ ...this.current, picture: 'custom' });
        const said = problem ? 'The picture is too large to keep after this visit.' : null;
        this.homeView.show(this.current, said ?? 'Picture ready.');
      },
      (e: unknown) => this.homeView.show(this.current, (e as Error).message),
    );
  }

  /** Another tab of the app saved: take its state (the browser tells every tab but the writer). */
  private storageChanged(e: StorageEvent): void {
    if (e.key === null || e.newValue === null) return;
    if (e.key === KEYS.settings) {
      this.current = loadSettings(this.kv).value;
      // The autoplay pace is a setting too: take it, or the next move here would write ours back.
      this.game2048.loaded()?.speedChanged(this.current.speed);
    } else if (e.key === KEYS.bests) {
      this.records.value = loadRecords(this.kv).value;
    } else {
      const here = document.visibilityState === 'visible';
      this.game2048.loaded()?.storageChanged(e.key, this.screen === '2048');
      this.puzzle.loaded()?.storageChanged(e.key, this.screen === 'puzzle' && here);
    }
  }
}

/** Starts the app in the page (index.html's #app and #live elements). */
export function startApp(): void {
  const app = new App(document.getElementById('app')!, document.getElementById('live')!);
  app.listen();
  app.route();
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('./sw.js').catch(() => {
        // No offline mode (e.g. served over plain HTTP from another host): the app still works.
      });
    });
  }
}
