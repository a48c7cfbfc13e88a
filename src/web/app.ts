/**
 * The web app: settings, records and the player's picture, the home screen and the game
 * screens (2048, puzzle, versus, duel, their daily challenges, replays, statistics, leaderboards
 * — each loaded the first time it is shown), routing by the URL's hash, and the page's events
 * (keys, visibility, other tabs). All state lives in the App object; nothing runs until
 * {@link startApp} is called.
 *
 * The leaderboards and online play (rooms, `#room=CODE`) are there only when the page is
 * served by `slidebox serve`: once the first screen is shown, the app asks `./api/health` (with
 * code loaded then); a static site, or a device offline, gets no answer and the app is as it is
 * without them.
 *
 * `?seed=N` in the URL seeds the first new game of the visit (both games), so a link can name
 * the position a game starts from.
 */
import { checkSeed, randomSeed } from '../engine/rng.ts';
import { MAX_SIZE, MIN_SIZE } from '../engine/types.ts';
import {
  type AppContext,
  type BoardPick,
  keyBelongsToControl,
  type OnlineKind,
  type ServerLink,
} from './context.ts';
import type { Screen2048 } from './game2048/screen.ts';
import { ViewHome } from './home/view.ts';
import type { Online } from './leaderboards/online.ts';
import type { ScreenPuzzle } from './puzzle/screen.ts';
import type { RankedApp } from './ranked/game.ts';
import type { RankedSlot } from './ranked/slots.ts';
import { onHistoryNotice } from './storage/historyNotice.ts';
import {
  browserKeyValueStore,
  KEYS,
  type KeyValueStore,
  loadPicture,
  loadSettings,
  readJson,
  savePicture,
  saveSettings,
} from './storage/keyValue.ts';
import {
  GAMES,
  type GameKind,
  type SeriesKind,
  type Settings,
  TARGETS,
} from './storage/settings.ts';
import type { RecordsBox } from './storage/webStores.ts';

/** The saves' module: saved games and records, read through the engine's parsers. */
type Persist = typeof import('./storage/persist.ts');

type ScreenName =
  | 'home'
  | GameKind
  | 'replay'
  | 'stats'
  | 'daily-2048'
  | 'daily-puzzle'
  | SeriesKind
  | 'leaderboards'
  | 'room'
  | `ranked-${RankedSlot}`;

/** The board sizes, smallest first. */
const SIZES = Array.from({ length: MAX_SIZE - MIN_SIZE + 1 }, (_, i) => MIN_SIZE + i);

/** Screens that route by their name alone (`#stats`). */
const NAMED: readonly string[] = [
  'stats',
  'daily-2048',
  'daily-puzzle',
  'relay',
  'marathon',
  'leaderboards',
  'ranked-2048',
  'ranked-puzzle',
  'ranked-daily-2048',
  'ranked-daily-puzzle',
];

/** What every game screen does for the app. */
interface Screen {
  enter(): void;
  leave(): void;
  /** A key pressed on the screen; true when the game took it. */
  key(e: KeyboardEvent): boolean;
  /** Writes a waiting save now: the page is going away or out of sight. */
  saveNow?(): void;
}

/** A game screen that offers Submit once the leaderboard server is found. */
interface Submits extends Screen {
  serverFound(): void;
}

/**
 * A screen whose code is loaded the first time it is shown, so the first page load carries
 * only the home screen.
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

  saveNow(): void {
    this.screen?.saveNow?.();
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
  /** Relays and marathons: the puzzle screen playing a series, never saved. */
  private readonly relay: LazyScreen<ScreenPuzzle>;
  private readonly marathon: LazyScreen<ScreenPuzzle>;
  private readonly leaderboards: LazyScreen;
  /** The board the leaderboards open at next (a ranked game's Leaderboards), once. */
  private boardPick: BoardPick | null = null;
  private readonly room: LazyScreen;
  /** Ranked games (dealt and timed by the server), a screen per kind. */
  private readonly ranked: Record<RankedSlot, LazyScreen>;
  /** A room is being made, or a ranked game dealt (the server asked): one at a time. */
  private making = false;
  /** The saves' module, loading or loaded (see {@link saves}). */
  private persist: Promise<Persist> | null = null;
  /** The leaderboard server: being looked for, or found (null: none). See {@link findServer}. */
  private serverSearch: Promise<Online | null> | null = null;
  private online: Online | null = null;

  constructor(
    private readonly root: HTMLElement,
    private readonly liveRegion: HTMLElement,
  ) {
    this.kv = browserKeyValueStore();
    onHistoryNotice((text) => this.lateNotice(text));
    const settings = loadSettings(this.kv);
    this.current = settings.value;
    // Read from the store when persist.ts arrives, before any screen is made (see saves()).
    this.records = { value: { best2048: {}, puzzle: {} } };
    if (settings.notice) this.notices.push(settings.notice);
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
      playOnline: (kind) => this.playOnline(kind),
      join: (kind, text) => this.join(kind, text),
      playSeries: (kind) => {
        this.changeSettings({ ...this.current, game: 'puzzle' });
        this.go(kind);
      },
      playRanked: (kind) => this.playRanked(kind),
    });
    const failed = (message: string) => {
      this.notices.push(message);
      this.go('home');
    };
    /** A screen made from its module once that and the records are loaded. */
    const lazy = <M, S extends Screen>(load: () => Promise<M>, make: (m: M) => S) =>
      new LazyScreen(async () => make((await Promise.all([load(), this.saves()]))[0]), failed);
    const dailyToo = <M>(load: () => Promise<M>) =>
      Promise.all([load(), import('./storage/daily.ts')]);
    const game2048 = () => import('./game2048/screen.ts');
    const puzzle = () => import('./puzzle/screen.ts');
    this.versus = lazy(
      () => import('./versus/screen.ts'),
      (m) => new m.ScreenVersus(this),
    );
    this.duel = lazy(
      () => import('./duel/screen.ts'),
      (m) => new m.ScreenDuel(this),
    );
    this.replay = lazy(
      () => import('./replay/screen.ts'),
      (m) => new m.ScreenReplay(this),
    );
    this.game2048 = lazy(game2048, (m) => new m.Screen2048(this));
    this.daily2048 = lazy(
      () => dailyToo(game2048),
      ([m, d]) => new m.Screen2048(this, () => d.dailyPlan('2048')),
    );
    this.puzzle = lazy(puzzle, (m) => new m.ScreenPuzzle(this));
    this.dailyPuzzle = lazy(
      () => dailyToo(puzzle),
      ([m, d]) => new m.ScreenPuzzle(this, () => d.dailyPlan('puzzle')),
    );
    this.relay = lazy(puzzle, (m) => new m.ScreenPuzzle(this, undefined, 'relay'));
    this.marathon = lazy(puzzle, (m) => new m.ScreenPuzzle(this, undefined, 'marathon'));
    this.stats = lazy(
      () => import('./stats/screen.ts'),
      (m) => new m.ScreenStats(this),
    );
    this.leaderboards = lazy(
      () => import('./leaderboards/screen.ts'),
      (m) =>
        new m.ScreenLeaderboards(
          this,
          () => this.findServer(),
          { sizes: SIZES, targets: TARGETS },
          () => {
            const pick = this.boardPick;
            this.boardPick = null;
            return pick;
          },
        ),
    );
    this.room = lazy(
      () => import('./room/screen.ts'),
      (m) => new m.ScreenRoom(this, () => this.findServer()),
    );
    this.ranked = this.rankedScreens(failed);
  }

  /** The ranked screens, one per kind of ranked game, each loaded the first time it is shown. */
  private rankedScreens(failed: (message: string) => void): Record<RankedSlot, LazyScreen> {
    const app: RankedApp = {
      findServer: () => this.findServer(),
      again: (slot) => this.playRanked(slot),
      go: (to, notice) => {
        if (notice) this.notices.push(notice);
        this.go(to);
      },
      boards: (pick) => {
        this.boardPick = pick;
        this.go('leaderboards');
      },
    };
    const screen2048 = (slot: RankedSlot) =>
      new LazyScreen(async () => {
        const m = await import('./ranked/screen2048.ts');
        return new m.ScreenRanked2048(this, app, slot);
      }, failed);
    const screenPuzzle = (slot: RankedSlot) =>
      new LazyScreen(async () => {
        const m = await import('./ranked/screenPuzzle.ts');
        return new m.ScreenRankedPuzzle(this, app, slot);
      }, failed);
    return {
      '2048': screen2048('2048'),
      'daily-2048': screen2048('daily-2048'),
      puzzle: screenPuzzle('puzzle'),
      'daily-puzzle': screenPuzzle('daily-puzzle'),
    };
  }

  /**
   * The leaderboard server this page came from, looked for once (again after a failed look when
   * the device comes back online): its code loads only now, after the first screen.
   */
  findServer(): Promise<Online | null> {
    this.serverSearch ??= import('./leaderboards/online.ts')
      .then((m) => m.findServer(this.kv))
      .catch(() => null)
      .then((online) => {
        if (!online) this.serverSearch = null;
        else if (!this.online) this.serverFound(online);
        return online;
      });
    return this.serverSearch;
  }

  /** The server answered: its features show on the screens that have them. */
  private serverFound(online: Online): void {
    this.online = online;
    this.homeView.showOnline();
    this.showRankedInPlay();
    if (this.screen === 'home') this.showDaily();
    const submits: LazyScreen<Submits>[] = [
      this.game2048,
      this.puzzle,
      this.daily2048,
      this.dailyPuzzle,
    ];
    for (const s of submits) s.loaded()?.serverFound();
  }

  /**
   * Whether a ranked game of a kind is being played in this browser (kept, with no result yet):
   * its Play ranked button then says Continue ranked.
   */
  private rankedInPlay(slot: RankedSlot): boolean {
    const read = readJson(this.kv, `slidebox:ranked:${slot}`);
    return read.kind === 'ok' && (read.data as { result?: unknown } | null)?.result === null;
  }

  private showRankedInPlay(): void {
    this.homeView.rankedInPlay('2048', this.rankedInPlay('2048'));
    this.homeView.rankedInPlay('puzzle', this.rankedInPlay('puzzle'));
  }

  server(): ServerLink | null {
    return this.online;
  }

  /**
   * The saves' module, loaded on first need: its parsers (the engine's) are more than the home
   * screen needs to show. The records are read as it arrives, before any screen is made.
   */
  private saves(): Promise<Persist> {
    this.persist ??= import('./storage/persist.ts').then(
      (m) => {
        const records = m.loadRecords(this.kv);
        this.records.value = records.value;
        if (records.notice) this.notices.push(records.notice);
        return m;
      },
      (e: unknown) => {
        this.persist = null;
        throw e;
      },
    );
    return this.persist;
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
      relay: this.relay,
      marathon: this.marathon,
      leaderboards: this.leaderboards,
      room: this.room,
      'ranked-2048': this.ranked['2048'],
      'ranked-puzzle': this.ranked.puzzle,
      'ranked-daily-2048': this.ranked['daily-2048'],
      'ranked-daily-puzzle': this.ranked['daily-puzzle'],
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

  /**
   * A sentence that comes after its screen was shown (the history's database failing after a
   * game ended): said at once, and shown on the home screen now or when it is next shown.
   */
  private lateNotice(text: string): void {
    this.live(text);
    if (this.screen === 'home') this.homeView.sayToo(text);
    else this.notices.push(text);
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
    // Every screen opens at its top, whatever the one before was scrolled to.
    window.scrollTo(0, 0);
  }

  home(): void {
    this.go('home');
  }

  /** Shows the screen the URL names. */
  route(): void {
    const h = location.hash.replace(/^#/, '');
    if (h.startsWith('replay=')) this.show('replay');
    else if (h.startsWith('room=')) this.show('room');
    else if (NAMED.includes(h)) this.show(h as ScreenName);
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
      if (!shown) this.saveNow();
      this.puzzleShown()?.visible(shown);
    });
    window.addEventListener('pagehide', () => {
      this.saveNow();
      this.puzzleShown()?.visible(false);
    });
    window.addEventListener('storage', (e) => this.storageChanged(e));
    window.addEventListener('popstate', () => this.route());
    // Back online: a server not found before may answer now.
    window.addEventListener('online', () => {
      if (!this.online) void this.findServer();
    });
  }

  /**
   * Writes the saves still waiting (the AI's moves are saved at most twice a second) as the
   * page goes away or out of sight, so a reload or a closed tab loses no move.
   */
  private saveNow(): void {
    for (const s of [this.game2048, this.daily2048, this.versus]) s.saveNow();
  }

  /** The puzzle screen on show (a single puzzle, the daily one, a relay or a marathon), if any. */
  private puzzleShown(): ScreenPuzzle | null {
    const puzzles: Partial<Record<ScreenName, LazyScreen<ScreenPuzzle>>> = {
      puzzle: this.puzzle,
      'daily-puzzle': this.dailyPuzzle,
      relay: this.relay,
      marathon: this.marathon,
    };
    return (this.screen && puzzles[this.screen]?.loaded()) || null;
  }

  private go(next: ScreenName): void {
    const hash = next === 'home' ? '' : `#${next}`;
    if (location.hash !== hash) {
      history.pushState(null, '', hash || location.pathname + location.search);
    }
    this.show(next);
  }

  private show(next: ScreenName): void {
    // Another replay or room link on its screen: read its code; another ranked game: show it.
    const again = next === 'replay' || next === 'room' || next.startsWith('ranked-');
    if (this.screen === next && !again) return;
    if (this.screen !== null && this.screen !== 'home') this.screenOf(this.screen).leave();
    this.screen = next;
    if (next !== 'home') this.screenOf(next).enter();
    else {
      this.homeView.show(this.current, this.takeNotices());
      if (this.online) this.showRankedInPlay();
      this.mount(this.homeView.root);
      this.homeView.focusStart();
      document.title = 'slidebox';
      this.showDaily();
    }
  }

  /**
   * Fills the home screen's Daily card once its code and the records are loaded, with any
   * notice the records brought (they may have been unreadable).
   */
  private showDaily(): void {
    Promise.all([import('./home/dailyCard.ts'), this.saves()]).then(
      ([{ dailyCard }]) => {
        if (this.screen !== 'home') return;
        const late = this.takeNotices();
        if (late) this.homeView.sayToo(late);
        const daily = this.records.value.daily ?? {};
        const said = (t: string) => this.homeView.say(t);
        const online = this.online;
        const server = online && {
          submit: (code: string) => online.submit(code),
          dailyRank: (kind: '2048' | 'puzzle') => online.dailyRank(kind),
          playRanked: (kind: '2048' | 'puzzle') => this.playRanked(`daily-${kind}`),
          rankedInPlay: (kind: '2048' | 'puzzle') => this.rankedInPlay(`daily-${kind}`),
        };
        this.homeView.showDaily(dailyCard(daily, Date.now(), said, server));
      },
      (e: unknown) => {
        if (this.screen !== 'home') return;
        this.homeView.sayToo(`The daily challenge could not be loaded (${(e as Error).message}).`);
      },
    );
  }

  /** Makes a room on the server with the card's options (online play's code loads now), and goes in. */
  private playOnline(kind: OnlineKind): void {
    const online = this.online;
    if (!online || this.making) return;
    this.making = true;
    this.homeView.say('Making a room…');
    import('./room/start.ts')
      .then((m) => m.makeRoom(online, this.kv, kind, this.current))
      .then(
        (made) => {
          if ('problem' in made) {
            if (this.screen === 'home') this.homeView.say(made.problem);
            return;
          }
          if (made.notice) this.notices.push(made.notice);
          this.goRoom(made.code);
        },
        (e: unknown) =>
          this.homeView.say(`Online play could not be loaded (${(e as Error).message}).`),
      )
      .finally(() => {
        this.making = false;
      });
  }

  /**
   * Deals a ranked game of a kind on the server with the card's options (its code loads now) and
   * shows it; the game of that kind still being played in this browser is shown instead. Why
   * none starts (no name given, today's ranked daily played already) is said where the player
   * is: on the home screen, or the ranked screen's end.
   */
  private playRanked(slot: RankedSlot): void {
    const online = this.online;
    if (!online || this.making) return;
    this.making = true;
    const said = (text: string) => {
      if (this.screen === 'home') this.homeView.say(text);
      else this.live(text);
    };
    said('Dealing a ranked game…');
    const kind = slot.endsWith('2048') ? '2048' : 'puzzle';
    import('./ranked/start.ts')
      .then((m) => m.startRanked(online, this.kv, kind, slot.startsWith('daily-'), this.current))
      .then(
        (started) => {
          if ('problem' in started) {
            if (this.screen === 'home') this.homeView.say(started.problem);
            else {
              this.notices.push(started.problem);
              this.go('home');
            }
            return;
          }
          if (started.notice) this.notices.push(started.notice);
          this.go(`ranked-${started.slot}`);
        },
        (e: unknown) => said(`Ranked play could not be loaded (${(e as Error).message}).`),
      )
      .finally(() => {
        this.making = false;
      });
  }

  /**
   * Goes into the room a player typed or pasted in a card's Join field, or says next to the field
   * why it is not one (not a code, or no room has it).
   */
  private join(kind: OnlineKind, text: string): void {
    const online = this.online;
    Promise.all([import('./room/link.ts'), import('./room/start.ts')]).then(
      async ([{ roomOfInput }, { lookAtRoom, missingRoom }]) => {
        const room = roomOfInput(text);
        if ('problem' in room) {
          this.homeView.joinProblem(kind, room.problem);
          return;
        }
        this.homeView.joinProblem(kind, null);
        // A server that does not answer now: the room's screen says so.
        const look = online ? await lookAtRoom(online.client.base, room.code) : null;
        if (this.screen !== 'home') return;
        if (look?.kind === 'missing') this.homeView.joinProblem(kind, missingRoom(room.code));
        else this.goRoom(room.code);
      },
      (e: unknown) =>
        this.homeView.joinProblem(
          kind,
          `Online play could not be loaded (${(e as Error).message}).`,
        ),
    );
  }

  private goRoom(code: string): void {
    history.pushState(null, '', `#room=${code}`);
    this.show('room');
  }

  private takePicture(file: File): void {
    import('./puzzle/picture.ts')
      .then(({ pictureFromFile }) => pictureFromFile(file))
      .then(
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
      // Not loaded yet: it reads them when it arrives. It failing to load shows on the screens.
      this.saves().then(
        (m) => {
          this.records.value = m.loadRecords(this.kv).value;
        },
        () => {},
      );
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
  // After the first screen is shown: whether a leaderboard server serves this page.
  const look = () => setTimeout(() => void app.findServer(), 0);
  if (document.readyState === 'complete') look();
  else window.addEventListener('load', look, { once: true });
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('./sw.js').catch(() => {
        // No offline mode (e.g. served over plain HTTP from another host): the app still works.
      });
    });
  }
}
