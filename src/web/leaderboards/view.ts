/**
 * The leaderboards screen: a tab per board (today's daily 2048 and 15-puzzle, all-time 2048 per
 * size and target, all-time puzzle per size), ranked games (dealt and timed by the server) by
 * default and a switch to the self-reported ones (games played in the browser and sent by their
 * players, labelled so, never mixed with the ranked ones), the board's lines with the player's
 * own marked, or shown below the list when it ranks further down, and a Replay link on every
 * line whose replay is open (today's ranked daily entries have none until the day is over). It
 * shows what it is given and reports every choice; the wiring file asks the server.
 *
 * Names are written by other players: they are only ever set as text, never as markup.
 */
import { formatNumber, formatSolveTime } from '../../front/format.ts';
import type { BoardEntry, BoardName, BoardSort, BoardSource } from '../../net/api.ts';

import { button, h, setText } from '../ui/dom.ts';
import { addDays, rankText } from './words.ts';

/** The board shown and its options. */
export interface Choice {
  readonly board: BoardName;
  readonly size2048: number;
  readonly target: number;
  readonly sizePuzzle: number;
  /** Ranked games (the server dealt and timed them), or self-reported ones. */
  readonly source: BoardSource;
  /** Self-reported boards: list the games played with help (hints, the AI, the solver) too. */
  readonly assisted: boolean;
  /** The daily boards' day; null: today. */
  readonly day: string | null;
  /** The lines' order: the board's (rank, the default), or an analysis figure, highest first. */
  readonly sort?: BoardSort;
  /** true: only the games marked as playing like the AI; false: none of them; null: all. */
  readonly aiLike?: boolean | null;
}

/**
 * The sizes and 2048 targets to choose from: the home screen's, handed over by the app (an import
 * of them here would split the first page load's bundle).
 */
export interface BoardLists {
  readonly sizes: readonly number[];
  readonly targets: readonly number[];
}

export interface ViewLeaderboardsHandlers {
  menu(): void;
  choose(c: Choice): void;
  more(): void;
  rename(): void;
}

const TABS: readonly (readonly [BoardName, string])[] = [
  ['daily-2048', 'Daily 2048'],
  ['daily-puzzle', 'Daily 15-puzzle'],
  ['2048', '2048'],
  ['puzzle', 'Puzzle'],
];

const isDaily = (b: BoardName) => b === 'daily-2048' || b === 'daily-puzzle';
const kindOf = (b: BoardName) => (b === '2048' || b === 'daily-2048' ? '2048' : 'puzzle');

/** The board's heading. */
export function boardTitle(c: Choice, today: string): string {
  const ranked = c.source === 'ranked';
  const source = ranked ? 'Ranked' : 'Self-reported';
  const times = ranked ? "times on the server's clock" : 'times are as reported';
  if (isDaily(c.board)) {
    const game = c.board === 'daily-2048' ? '2048' : '15-puzzle';
    const day = c.day ?? today;
    const title =
      day === today
        ? `${source} · today's daily ${game} (${day}, UTC)`
        : `${source} · daily ${game} of ${day} (UTC)`;
    return c.board === 'daily-puzzle' ? `${title} · ${times}` : title;
  }
  if (c.board === 'puzzle') {
    const n = c.sizePuzzle;
    return `${source} · ${n * n - 1}-puzzle · ${n}×${n} · fewest moves · ${times}`;
  }
  const n = c.size2048;
  return `${source} · 2048 · ${n}×${n} · to ${formatNumber(c.target)} · best scores`;
}

/** What a board's games prove, and what they do not. */
export function sourceNote(source: BoardSource): string {
  return source === 'ranked'
    ? 'Ranked: the server dealt every game here and timed it on its own clock, so no one saw a tile before playing it, tried a deal twice, made up a time or played another day. It cannot tell a person from a program playing for them at human speed.'
    : 'Self-reported: games played in the browser and sent by their players. The server replays each one, so its moves are legal, but the player knew the seed and chose which game to send: these are never mixed with the ranked boards.';
}

function sizeSelect(label: string, testid: string, sizes: readonly number[]): HTMLSelectElement {
  const sel = h('select', { 'data-testid': testid, 'aria-label': label });
  for (const n of sizes) sel.append(h('option', { value: n }, `${n} × ${n}`));
  return sel;
}

function field(label: string, control: HTMLElement): HTMLElement {
  return h('label', { class: 'field' }, h('span', {}, label), control);
}

/** The figures' columns of each kind of board (`extra`: left out on narrow screens). */
const COLUMNS = {
  '2048': [
    { title: 'Score', cls: 'num' },
    { title: 'Largest', cls: 'num extra' },
    { title: 'Moves', cls: 'num' },
    { title: 'Accuracy', cls: 'num' },
    { title: 'Agreement', cls: 'num' },
  ],
  puzzle: [
    { title: 'Moves', cls: 'num' },
    { title: 'Time', cls: 'num' },
    { title: 'Optimal', cls: 'num extra' },
    { title: 'Accuracy', cls: 'num' },
    { title: 'Agreement', cls: 'num' },
  ],
} as const;

/** What the analysis columns and the mark mean, said in their headings' titles. */
export const FIGURE_TITLES = {
  accuracy2048: "How close the moves came to the AI's, 0 to 100 (the server's analysis)",
  accuracyPuzzle: 'The optimal count over the moves played, 0 to 100 (100: an optimal solve)',
  agreement2048: "The share of the moves equal to the AI's choice",
  agreementPuzzle: 'The share of the moves on a shortest path to solved',
  optimal: 'The fewest moves that solve the start',
} as const;

/** What a ranked daily line marked "new key" means (its title and its words for screen readers). */
export const NEW_KEY_TITLE =
  'A player key the server first saw on the day of this daily: it may have been made to play a board another key looked at first.';

/** The mark's explanation (its title and its words for screen readers). */

export const AI_LIKE_TITLE = {
  '2048':
    "Agrees with the AI beyond what players do: 90% of its moves or more are the AI's choice, over 300 moves or more. The AI's own games agree 100%, its strong preset 93 to 94%, a depth-3 search at most 81% and ways people play far less. It says how the game was played, not who played it.",
  puzzle:
    "An optimal solution of 30 moves or more, no move wasted: a solver's, not a hand's. It says how the game was played, not who played it.",
} as const;

/** An analysis figure as shown: one decimal, "–" until the game is analysed. */
export function figureText(x: number | null | undefined, unit = ''): string {
  return typeof x === 'number' && Number.isFinite(x) ? `${x.toFixed(1)}${unit}` : '–';
}

/**
 * An entry's replay link, or, while its replay is closed (today's ranked daily: it would show
 * the day's tiles to players still to play), a mark that says so.
 */
function replayCell(e: BoardEntry): HTMLElement {
  if (e.code === null) {
    return h(
      'span',
      {
        class: 'replay-later',
        'data-testid': 'entry-replay-later',
        title: 'Its replay opens when the day is over',
      },
      h('span', { 'aria-hidden': 'true' }, '—'),
      h('span', { class: 'sr-only' }, 'Replay opens when the day is over'),
    );
  }
  return h(
    'a',
    {
      href: replayHref(e),
      class: 'btn btn-small',
      'data-testid': 'entry-replay',
      'aria-label': `Replay the game of ${e.name} (${rankText(e.rank)})`,
    },
    '▶',
    h('span', { class: 'replay-word' }, ' Replay'),
  );
}

/**
 * An entry's replay address: its code, and the server's figures when the game is analysed
 * (`&accuracy=A&agreement=G`, a puzzle's `&optimal=O&wasted=W` too), which the replay screen
 * shows beside the game.
 */
export function replayHref(e: BoardEntry): string {
  const code = `#replay=${encodeURIComponent(e.code ?? '')}`;
  if (typeof e.accuracy !== 'number' || typeof e.agreement !== 'number') return code;
  const figures = new URLSearchParams({
    accuracy: String(e.accuracy),
    agreement: String(e.agreement),
  });
  if (typeof e.optimal === 'number') figures.set('optimal', String(e.optimal));
  if (typeof e.wasted === 'number') figures.set('wasted', String(e.wasted));
  return `${code}&${figures}`;
}

/** Whether two lines are the same entry (a ranked daily's code is hidden until the day ends). */
export function sameEntry(a: BoardEntry, b: BoardEntry): boolean {
  return a.code !== null && b.code !== null
    ? a.code === b.code
    : a.rank === b.rank && a.name === b.name && a.score === b.score && a.moves === b.moves;
}

/** One line of a board; `mine`: the player's own. */
function line(e: BoardEntry, kind: '2048' | 'puzzle', mine: boolean): HTMLTableRowElement {
  const name = h('td', { class: 'board-name' }, h('span', { 'data-testid': 'entry-name' }, e.name));
  if (mine) name.append(h('span', { class: 'tag tag-you' }, 'you'));
  if (e.assisted) name.append(h('span', { class: 'tag' }, 'with help'));
  if (e.newKey === true) {
    name.append(
      h(
        'span',
        { class: 'tag', title: NEW_KEY_TITLE, 'data-testid': 'entry-new-key' },
        h('span', { 'aria-hidden': 'true' }, 'new key'),
        h('span', { class: 'sr-only' }, `new key: ${NEW_KEY_TITLE}`),
      ),
    );
  }
  if (e.aiLike === true) {
    name.append(
      h(
        'span',
        { class: 'tag tag-ai', title: AI_LIKE_TITLE[kind], 'data-testid': 'entry-ai-like' },
        h('span', { 'aria-hidden': 'true' }, 'AI-like'),
        h('span', { class: 'sr-only' }, `AI-like: ${AI_LIKE_TITLE[kind]}`),
      ),
    );
  }
  const judged = [figureText(e.accuracy), figureText(e.agreement, '%')];
  const figures =
    kind === '2048'
      ? [formatNumber(e.score), formatNumber(e.maxTile ?? 0), formatNumber(e.moves), ...judged]
      : [
          formatNumber(e.moves),
          e.timeMs === null ? '—' : formatSolveTime(e.timeMs),
          typeof e.optimal === 'number' ? formatNumber(e.optimal) : '–',
          ...judged,
        ];
  const testids = [
    ...(kind === '2048' ? [null, null, null] : [null, null, 'entry-optimal']),
    'entry-accuracy',
    'entry-agreement',
  ];
  const cls = COLUMNS[kind].map((c) => c.cls);
  const replay = replayCell(e);
  return h(
    'tr',
    { class: mine ? 'you' : null, 'data-testid': 'entry', 'aria-current': mine ? 'true' : null },
    h('td', { class: 'num board-rank' }, rankText(e.rank)),
    name,
    ...figures.map((f, i) => h('td', { class: cls[i], 'data-testid': testids[i] ?? null }, f)),
    h('td', {}, replay),
  );
}

/** A heading's explanation (the analysis's columns), or null. */
function headingTitle(kind: '2048' | 'puzzle', title: string): string | null {
  if (title === 'Accuracy') return FIGURE_TITLES[`accuracy${kind === '2048' ? '2048' : 'Puzzle'}`];
  if (title === 'Agreement') {
    return FIGURE_TITLES[`agreement${kind === '2048' ? '2048' : 'Puzzle'}`];
  }
  return title === 'Optimal' ? FIGURE_TITLES.optimal : null;
}

function head(kind: '2048' | 'puzzle'): HTMLTableSectionElement {
  return h(
    'thead',
    {},
    h(
      'tr',
      {},
      h('th', { scope: 'col', class: 'num' }, 'Rank'),
      h('th', { scope: 'col' }, 'Player'),
      ...COLUMNS[kind].map((c) =>
        h('th', { scope: 'col', class: c.cls, title: headingTitle(kind, c.title) }, c.title),
      ),
      h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Replay')),
    ),
  );
}

export class ViewLeaderboards {
  readonly root: HTMLElement;
  private choice: Choice | null = null;
  private today = '';
  private readonly tabs: HTMLButtonElement[];
  private readonly size2048: HTMLSelectElement;
  private readonly target = h('select', { 'data-testid': 'board-target', 'aria-label': 'Target' });
  private readonly sizePuzzle: HTMLSelectElement;
  private readonly assisted = h('input', { type: 'checkbox', 'data-testid': 'board-assisted' });
  private readonly assistedRow = h(
    'label',
    { class: 'check' },
    this.assisted,
    ' Games played with help too',
  );
  /** The switch to the self-reported boards (off: the ranked ones). */
  private readonly selfReported = h('input', {
    type: 'checkbox',
    role: 'switch',
    'data-testid': 'board-self-reported',
  });
  private readonly about = h('p', { class: 'board-about', 'data-testid': 'board-about' });
  /** The order of the lines: the board's, or an analysis figure. */
  private readonly sort = h(
    'select',
    { 'data-testid': 'board-sort', 'aria-label': 'Order' },
    h('option', { value: 'rank' }, 'Rank'),
    h('option', { value: 'accuracy' }, 'Accuracy, highest first'),
    h('option', { value: 'agreement' }, 'Agreement, highest first'),
  );
  /** Which games: all, only those marked as playing like the AI, or none of them. */
  private readonly marked = h(
    'select',
    { 'data-testid': 'board-ai-like', 'aria-label': 'Games shown' },
    h('option', { value: 'all' }, 'All games'),
    h('option', { value: 'only' }, 'Only AI-like games'),
    h('option', { value: 'hide' }, 'Without AI-like games'),
  );
  private readonly figuresNote = h(
    'p',
    { class: 'board-about', 'data-testid': 'board-figures-note' },
    "Accuracy and agreement: the server's analysis of each game, by the AI (2048) or the optimal solver (puzzle); – until a game is analysed. AI-like: agrees with the AI beyond what players do (its title says how the line was drawn).",
  );
  private readonly options2048: HTMLElement;
  private readonly optionsPuzzle: HTMLElement;
  private readonly dayNav: HTMLElement;
  private readonly next = button('Next day ›', { action: 'next-day' });
  private readonly title = h('h2', { class: 'board-title', 'data-testid': 'board-title' });
  private readonly notice = h('p', { class: 'notice', 'data-testid': 'notice' });
  private readonly table = h('table', { class: 'board-table', 'data-testid': 'board' });
  private readonly empty = h('p', { class: 'board-empty', 'data-testid': 'board-empty' });
  private readonly more = button('Show more', { action: 'more' });
  private readonly player = h('span', { 'data-testid': 'player-name' });

  constructor(
    private readonly on: ViewLeaderboardsHandlers,
    lists: BoardLists,
  ) {
    this.size2048 = sizeSelect('Board size', 'board-size-2048', lists.sizes);
    this.sizePuzzle = sizeSelect('Puzzle size', 'board-size-puzzle', lists.sizes);
    for (const t of lists.targets) this.target.append(h('option', { value: t }, formatNumber(t)));
    this.tabs = TABS.map(([board, label]) =>
      h(
        'button',
        {
          type: 'button',
          role: 'tab',
          id: `tab-${board}`,
          class: 'tab',
          'aria-controls': 'board-panel',
          'data-board': board,
        },
        label,
      ),
    );
    this.options2048 = h(
      'div',
      { class: 'board-options' },
      field('Board', this.size2048),
      field('Winning tile', this.target),
    );
    this.optionsPuzzle = h('div', { class: 'board-options' }, field('Board', this.sizePuzzle));
    this.dayNav = h(
      'div',
      { class: 'board-options' },
      button('‹ Previous day', { action: 'previous-day' }),
      this.next,
    );
    this.root = this.layout();
    this.listen();
  }

  private layout(): HTMLElement {
    return h(
      'section',
      { class: 'screen screen-leaderboards', 'aria-label': 'Leaderboards' },
      h(
        'header',
        { class: 'topbar' },
        button('☰ Menu', { action: 'menu', cls: 'btn btn-menu', title: 'Back to the menu' }),
        h('h1', {}, 'Leaderboards'),
      ),
      h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Boards' }, ...this.tabs),
      h(
        'div',
        { class: 'card board-panel', id: 'board-panel', role: 'tabpanel' },
        this.options2048,
        this.optionsPuzzle,
        this.dayNav,
        h(
          'label',
          { class: 'check' },
          this.selfReported,
          ' Self-reported games (played in the browser, not dealt by the server)',
        ),
        this.assistedRow,
        h(
          'div',
          { class: 'board-options' },
          field('Order', this.sort),
          field('Games', this.marked),
        ),
        this.title,
        this.about,
        this.figuresNote,
        this.notice,
        h('div', { class: 'board-scroll' }, this.table),
        this.empty,
        this.more,
      ),
      h(
        'p',
        { class: 'player-line' },
        this.player,
        ' ',
        button('Change name', { action: 'rename' }),
      ),
    );
  }

  private listen(): void {
    const choose = (change: Partial<Choice>) => {
      if (this.choice) this.on.choose({ ...this.choice, ...change });
    };
    this.root.addEventListener('click', (e) => {
      const el = (e.target as Element).closest<HTMLElement>('[data-board], [data-action]');
      if (!el || !this.root.contains(el)) return;
      if (el.dataset.board) choose({ board: el.dataset.board as BoardName });
      const action = el.dataset.action;
      const day = this.choice?.day ?? this.today;
      if (action === 'menu') this.on.menu();
      else if (action === 'more') this.on.more();
      else if (action === 'rename') this.on.rename();
      else if (action === 'previous-day') choose({ day: addDays(day, -1) });
      else if (action === 'next-day') {
        const next = addDays(day, 1);
        choose({ day: next >= this.today ? null : next });
      }
    });
    // Arrow keys move between the tabs, as in any tab list.
    this.tabs[0]!.parentElement!.addEventListener('keydown', (e) => {
      const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
      const at = this.tabs.indexOf(e.target as HTMLButtonElement);
      if (step === 0 || at < 0) return;
      e.preventDefault();
      e.stopPropagation();
      const tab = this.tabs[(at + step + this.tabs.length) % this.tabs.length]!;
      tab.focus();
      choose({ board: tab.dataset.board as BoardName });
    });
    this.size2048.addEventListener('change', () =>
      choose({ size2048: Number(this.size2048.value) }),
    );
    this.target.addEventListener('change', () => choose({ target: Number(this.target.value) }));
    this.sizePuzzle.addEventListener('change', () =>
      choose({ sizePuzzle: Number(this.sizePuzzle.value) }),
    );
    this.assisted.addEventListener('change', () => choose({ assisted: this.assisted.checked }));
    this.sort.addEventListener('change', () => choose({ sort: this.sort.value as BoardSort }));
    this.marked.addEventListener('change', () =>
      choose({
        aiLike: this.marked.value === 'only' ? true : this.marked.value === 'hide' ? false : null,
      }),
    );
    this.selfReported.addEventListener('change', () =>
      choose({ source: this.selfReported.checked ? 'self-reported' : 'ranked' }),
    );
  }

  /** Shows the choice (tabs and options) with the board loading; `today`: the UTC day. */
  loading(c: Choice, today: string): void {
    this.choice = c;
    this.today = today;
    for (const tab of this.tabs) {
      const selected = tab.dataset.board === c.board;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      if (selected)
        this.root.querySelector('#board-panel')?.setAttribute('aria-labelledby', tab.id);
    }
    this.options2048.hidden = c.board !== '2048';
    this.optionsPuzzle.hidden = c.board !== 'puzzle';
    this.dayNav.hidden = !isDaily(c.board);
    this.next.disabled = c.day === null;
    this.size2048.value = String(c.size2048);
    this.target.value = String(c.target);
    this.sizePuzzle.value = String(c.sizePuzzle);
    this.assisted.checked = c.assisted;
    this.selfReported.checked = c.source === 'self-reported';
    this.sort.value = c.sort ?? 'rank';
    this.marked.value = c.aiLike === true ? 'only' : c.aiLike === false ? 'hide' : 'all';
    this.assistedRow.hidden = c.source !== 'self-reported';
    setText(this.title, boardTitle(c, today));
    setText(this.about, sourceNote(c.source));
    setText(this.notice, 'Loading…');
    this.more.hidden = true;
  }

  /**
   * Shows a board's lines; `you`: the player's own line (marked, or shown below the list),
   * `more`: further lines can be asked for.
   */
  render(entries: readonly BoardEntry[], you: BoardEntry | null, more: boolean): void {
    const c = this.choice;
    if (!c) return;
    const kind = kindOf(c.board);
    const mine = (e: BoardEntry) => you !== null && sameEntry(e, you);
    const body = h('tbody', {}, ...entries.map((e) => line(e, kind, mine(e))));
    if (you && !entries.some(mine)) {
      const cols = COLUMNS[kind].length + 3;
      body.append(
        h('tr', { class: 'gap', 'aria-hidden': 'true' }, h('td', { colspan: cols }, '⋯')),
      );
      body.append(line(you, kind, true));
    }
    this.table.replaceChildren(head(kind), body);
    this.table.hidden = entries.length === 0 && you === null;
    const today = c.day === null && isDaily(c.board);
    setText(
      this.empty,
      entries.length > 0
        ? ''
        : today
          ? c.source === 'ranked'
            ? 'No ranked game of today yet: play it with Play ranked on the Daily challenge card.'
            : 'No one has submitted this game today yet: play it from the menu, then Submit.'
          : c.aiLike === true || c.aiLike === false
            ? 'No game on this board is shown with this choice of games.'
            : 'No games on this board yet.',
    );
    setText(this.notice, '');
    this.more.hidden = !more;
  }

  /** Shows why there is no board (a sentence); the last lines shown stay. */
  problem(text: string): void {
    setText(this.notice, text);
    this.more.hidden = true;
  }

  /** Without a leaderboard server: only the sentence, no boards (until {@link setPlayer}). */
  unavailable(text: string): void {
    this.problem(text);
    this.root.classList.add('no-server');
  }

  /** The player's name line; null: no name yet. */
  setPlayer(name: string | null): void {
    this.root.classList.remove('no-server');
    setText(
      this.player,
      name === null
        ? 'Play ranked, or submit a finished game, to appear here (you choose your name then).'
        : `You play as ${name}.`,
    );
  }

  /** A sentence on the notice line (a rename's outcome). */
  say(text: string): void {
    setText(this.notice, text);
  }
}
