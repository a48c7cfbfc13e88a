/**
 * The home screen: pick the game (2048, the puzzle, versus, duel), its options, then play. It shows the
 * settings it is given and reports every change; the wiring file remembers them. When a server
 * serves the page, the versus and duel cards also play online: make a room, or join one.
 */

import { MAX_SIZE, MIN_SIZE } from '../../engine/types.ts';
import { formatNumber } from '../../front/format.ts';
import type { OnlineKind } from '../context.ts';
import {
  type GameKind,
  MARATHON_COUNTS,
  type PictureMode,
  type PuzzleControl,
  RELAY_SIZES,
  type SeriesKind,
  type Settings,
  type Spawns,
  TARGETS,
  VERSUS_CAPS,
  VERSUS_TARGETS,
  type VersusOpponent,
} from '../storage/settings.ts';
import { h } from '../ui/dom.ts';

/** The games that can be played online, in a room on the server. */

export interface HomeHandlers {
  change(s: Settings): void;
  play(game: GameKind): void;
  /** Make a room on the server with the card's options, to play a friend anywhere. */
  playOnline(kind: OnlineKind): void;
  /** Join the room a player typed or pasted (a code or a link) in a card's Join field. */
  join(kind: OnlineKind, text: string): void;
  /** The player picked an image file for picture mode. */
  pictureFile(file: File): void;
  /** Play a relay or a marathon of puzzles with the card's options. */
  playSeries(kind: SeriesKind): void;
  /** Play a ranked game (dealt and timed by the server) with the card's options. */
  playRanked(kind: '2048' | 'puzzle'): void;
}

/** A select of `[value, label]` options. */
function choice(label: string, testid: string, options: [string | number, string][]) {
  const sel = h('select', { 'data-testid': testid, 'aria-label': label });
  for (const [v, text] of options) sel.append(h('option', { value: v }, text));
  return sel;
}

const WHO: [string, string][] = [
  ['human', 'You (or a friend)'],
  ['ai', 'The AI'],
];

function field(label: string, control: HTMLElement): HTMLElement {
  return h('label', { class: 'field' }, h('span', {}, label), control);
}

/** A game's card: its name, a line on how it plays, its options and its play button. */
function card(
  game: GameKind,
  title: string,
  text: string,
  fields: HTMLElement[],
  play = `Play ${title}`,
  ...extra: (HTMLElement | null | undefined)[]
): HTMLElement {
  return h(
    'div',
    { class: `card card-${game}` },
    h('h2', {}, title),
    h('p', {}, text),
    ...fields,
    h('button', { type: 'button', class: 'btn btn-primary', 'data-play': game }, play),
    ...extra,
  );
}

/**
 * A 2048 or puzzle card's ranked part, shown once a server serves the page: Play ranked (the
 * card's options, dealt and timed by the server, for the ranked boards).
 */
function rankedPart(kind: '2048' | 'puzzle'): HTMLElement {
  return h(
    'div',
    { class: 'card-ranked', hidden: true, 'data-testid': `ranked-${kind}` },
    h(
      'button',
      {
        type: 'button',
        class: 'btn',
        'data-ranked-play': kind,
        'data-testid': `play-ranked-${kind}`,
        'aria-describedby': `ranked-note-${kind}`,
      },
      'Play ranked',
    ),
    h(
      'p',
      { class: 'ranked-note', id: `ranked-note-${kind}` },
      'The server deals and times it: no undo, hints or retries, on the ranked boards.',
    ),
  );
}

/**
 * A versus or duel card's online part, shown once a server serves the page: Play online, and
 * a field to join a room by its code or link, with the line under it that says why a code
 * typed there is not a room.
 */
function onlinePart(kind: OnlineKind): HTMLElement {
  const input = h('input', {
    type: 'text',
    name: 'room',
    class: 'join-input',
    placeholder: 'Room code or link',
    'aria-label': 'Join a room: its code or link',
    'aria-describedby': `join-error-${kind}`,
    autocomplete: 'off',
    spellcheck: 'false',
    'data-testid': `join-input-${kind}`,
  });
  return h(
    'div',
    { class: 'card-online', hidden: true, 'data-testid': `online-${kind}` },
    h(
      'button',
      { type: 'button', class: 'btn', 'data-online': kind, 'data-testid': `play-online-${kind}` },
      'Play online',
    ),
    h(
      'form',
      { class: 'join-form', 'data-join': kind },
      input,
      h('button', { type: 'submit', class: 'btn', 'data-testid': `join-${kind}` }, 'Join'),
    ),
    h('p', {
      id: `join-error-${kind}`,
      class: 'notice join-error',
      role: 'alert',
      hidden: true,
      'data-testid': `join-error-${kind}`,
    }),
  );
}

/**
 * The puzzle card's series part: a relay from 3×3 up to a chosen size, a marathon of a chosen
 * number of puzzles of the card's size, each with its button.
 */
function seriesPart(relay: HTMLSelectElement, marathon: HTMLSelectElement): HTMLElement {
  const row = (kind: SeriesKind, label: string, control: HTMLSelectElement) => {
    control.id = `${kind}-choice`;
    const play = h(
      'button',
      { type: 'button', class: 'btn', 'data-series': kind, 'data-testid': `play-${kind}` },
      'Play',
    );
    play.setAttribute('aria-label', `Play a ${kind}`);
    return [h('label', { for: control.id }, label), control, play];
  };
  return h(
    'div',
    { class: 'card-series', 'data-testid': 'series' },
    h(
      'p',
      {},
      'Or puzzles in a row for one total time: a relay from 3×3 up, or a marathon of the board’s size.',
    ),
    h(
      'div',
      { class: 'series-grid' },
      ...row('relay', 'Relay up to', relay),
      ...row('marathon', 'Marathon of', marathon),
    ),
  );
}

function sizeSelect(label: string, testid: string): HTMLSelectElement {
  const sel = h('select', { 'data-testid': testid, 'aria-label': label });
  for (let n = MIN_SIZE; n <= MAX_SIZE; n++) sel.append(h('option', { value: n }, `${n} × ${n}`));
  return sel;
}

export class ViewHome {
  readonly root: HTMLElement;
  private settings: Settings;
  private readonly size: HTMLSelectElement;
  private readonly target: HTMLSelectElement;
  private readonly width: HTMLSelectElement;
  private readonly picture: HTMLSelectElement;
  private readonly numbers: HTMLInputElement;
  private readonly file: HTMLInputElement;
  private readonly fileRow: HTMLElement;
  private readonly numbersRow: HTMLElement;
  private readonly control: HTMLSelectElement;
  private readonly invert: HTMLInputElement;
  private readonly relay: HTMLSelectElement;
  private readonly marathon: HTMLSelectElement;
  private readonly notice: HTMLElement;
  private readonly spawns: HTMLSelectElement;
  private readonly opponent: HTMLSelectElement;
  private readonly versusTarget: HTMLSelectElement;
  private readonly cap: HTMLSelectElement;
  private readonly slider: HTMLSelectElement;
  private readonly placer: HTMLSelectElement;
  private readonly dailyBody = h('div', { class: 'daily-body', 'data-testid': 'daily' });
  /** The versus and duel cards' online parts, shown when a server serves the page. */
  private readonly online = [onlinePart('versus'), onlinePart('duel')];
  /** The 2048 and puzzle cards' ranked parts, shown when a server serves the page. */
  private readonly ranked = [rankedPart('2048'), rankedPart('puzzle')];
  /** Shown when a leaderboard server serves the page. */
  private readonly boards = h(
    'a',
    { href: '#leaderboards', class: 'btn', 'data-testid': 'open-leaderboards', hidden: true },
    'Leaderboards',
  );

  constructor(
    initial: Settings,
    private readonly on: HomeHandlers,
  ) {
    this.settings = initial;
    this.size = sizeSelect('2048 board size', 'size-2048');
    this.target = h('select', { 'data-testid': 'target', 'aria-label': 'Winning tile' });
    for (const t of TARGETS) this.target.append(h('option', { value: t }, formatNumber(t)));
    this.width = sizeSelect('Puzzle board size', 'size-puzzle');
    this.picture = h('select', { 'data-testid': 'picture', 'aria-label': 'Tiles show' });
    const pics: [PictureMode, string][] = [
      ['none', 'Numbers'],
      ['builtin', 'Built-in picture'],
      ['custom', 'Your picture'],
    ];
    for (const [v, label] of pics) this.picture.append(h('option', { value: v }, label));
    this.numbers = h('input', { type: 'checkbox', 'data-testid': 'numbers-home' });
    this.file = h('input', { type: 'file', accept: 'image/*', 'data-testid': 'picture-file' });
    this.fileRow = h('label', { class: 'field' }, h('span', {}, 'Image file'), this.file);
    this.numbersRow = h('label', { class: 'check' }, this.numbers, ' Numbers on pictures');
    this.notice = h('p', { class: 'notice', 'data-testid': 'home-notice' });
    this.control = choice('Puzzle controls', 'puzzle-control', [
      ['click', 'Click or tap'],
      ['hover', 'Hover (mouse)'],
    ]);
    this.invert = h('input', { type: 'checkbox', 'data-testid': 'puzzle-invert' });
    this.relay = choice(
      'Relay up to',
      'relay-size',
      RELAY_SIZES.map((n) => [n, `${n} × ${n}`]),
    );
    this.marathon = choice(
      'Puzzles in a marathon',
      'marathon-count',
      MARATHON_COUNTS.map((n) => [n, `${n} puzzles`]),
    );
    this.spawns = choice('New tiles', 'spawns', [
      ['natural', 'Random (2 or 4)'],
      ['evil', 'Evil: the AI places them'],
    ]);
    this.opponent = choice('Opponent', 'versus-opponent', [
      ['human', 'A friend on this device'],
      ['easy', 'AI · easy'],
      ['medium', 'AI · medium'],
      ['hard', 'AI · hard'],
    ]);
    this.versusTarget = choice(
      'Tile that wins the match',
      'versus-target',
      VERSUS_TARGETS.map((t) => [t, formatNumber(t)]),
    );
    this.cap = choice(
      'Largest attack',
      'versus-cap',
      VERSUS_CAPS.map((c) => [c, c === 0 ? 'The whole tile' : `Up to ${c}`]),
    );
    this.slider = choice('Slides first', 'duel-slider', WHO);
    this.placer = choice('Places first', 'duel-placer', WHO);

    this.root = this.layout();
    this.listen();
    this.show(initial);
  }

  private layout(): HTMLElement {
    return h(
      'section',
      { class: 'screen screen-home', 'aria-labelledby': 'home-title' },
      h('h1', { id: 'home-title', class: 'home-title', tabindex: -1 }, 'slidebox'),
      h(
        'p',
        { class: 'tagline' },
        'Tile-sliding games: 2048, the sliding puzzle, and 2048 for two.',
      ),
      this.notice,
      h(
        'section',
        { class: 'card card-daily', 'aria-labelledby': 'daily-title' },
        h('h2', { id: 'daily-title' }, 'Daily challenge'),
        this.dailyBody,
      ),
      h(
        'div',
        { class: 'cards' },
        card(
          '2048',
          '2048',
          'Slide the tiles; equal tiles merge. Reach the target tile.',
          [
            field('Board', this.size),
            field('Winning tile', this.target),
            field('New tiles', this.spawns),
          ],
          'Play 2048',
          this.ranked[0]!,
        ),
        card(
          'puzzle',
          'Sliding puzzle',
          'Put the tiles back in order by sliding them into the gap.',
          [
            field('Board', this.width),
            field('Tiles show', this.picture),
            this.fileRow,
            this.numbersRow,
            field('Controls', this.control),
            h('label', { class: 'check' }, this.invert, ' Arrow keys move the gap'),
          ],
          'Play puzzle',
          this.ranked[1]!,
          seriesPart(this.relay, this.marathon),
        ),
        card(
          'versus',
          'Versus',
          'Two 2048 boards, the same tiles. Each merge sends its tile to the other board. First to the target wins.',
          [
            field('Opponent', this.opponent),
            field('Winning tile', this.versusTarget),
            field('Attacks', this.cap),
          ],
          'Play versus',
          this.online[0],
        ),
        card(
          'duel',
          'Duel',
          '2048 without luck: one slides, the other places every new tile. Two rounds, roles swapped.',
          [field('Slides first', this.slider), field('Places first', this.placer)],
          'Play duel',
          this.online[1],
        ),
      ),
      h(
        'nav',
        { class: 'home-links', 'aria-label': 'More' },
        this.boards,
        h('a', { href: '#stats', class: 'btn', 'data-testid': 'open-stats' }, 'Statistics'),
      ),
      h(
        'p',
        { class: 'keys-help' },
        'Your games, settings and records are kept in this browser. Works offline after the first visit.',
      ),
    );
  }

  /** Play buttons and every control's change, reported to the handlers. */
  private listen(): void {
    this.root.addEventListener('click', (e) => {
      const el = (e.target as Element).closest<HTMLElement>('[data-play]');
      if (el) this.on.play(el.dataset.play as GameKind);
      const online = (e.target as Element).closest<HTMLElement>('[data-online]');
      if (online) this.on.playOnline(online.dataset.online as OnlineKind);
      const series = (e.target as Element).closest<HTMLElement>('[data-series]');
      if (series) this.on.playSeries(series.dataset.series as SeriesKind);
      const ranked = (e.target as Element).closest<HTMLElement>('[data-ranked-play]');
      if (ranked) this.on.playRanked(ranked.dataset.rankedPlay as '2048' | 'puzzle');
    });
    this.root.addEventListener('submit', (e) => {
      const form = (e.target as Element).closest<HTMLFormElement>('[data-join]');
      if (!form) return;
      e.preventDefault();
      const kind = form.dataset.join as OnlineKind;
      this.on.join(kind, (form.elements.namedItem('room') as HTMLInputElement).value);
    });
    // A code being typed again: what was said of the last one is over.
    this.root.addEventListener('input', (e) => {
      const form = (e.target as Element).closest<HTMLFormElement>('[data-join]');
      if (form) this.joinProblem(form.dataset.join as OnlineKind, null);
    });
    const changed = () => {
      this.settings = {
        ...this.settings,
        size: Number(this.size.value),
        target: Number(this.target.value),
        width: Number(this.width.value),
        picture: this.picture.value as PictureMode,
        numbers: this.numbers.checked,
        spawns: this.spawns.value as Spawns,
        versusOpponent: this.opponent.value as VersusOpponent,
        versusTarget: Number(this.versusTarget.value),
        versusCap: Number(this.cap.value),
        duelSlider: this.slider.value === 'ai' ? 'ai' : 'human',
        duelPlacer: this.placer.value === 'ai' ? 'ai' : 'human',
        puzzleControl: this.control.value as PuzzleControl,
        puzzleInvert: this.invert.checked,
        relayUpTo: Number(this.relay.value),
        marathonCount: Number(this.marathon.value),
      };
      this.show(this.settings);
      this.on.change(this.settings);
    };
    const controls = [
      this.size,
      this.target,
      this.spawns,
      this.width,
      this.picture,
      this.numbers,
      this.opponent,
      this.versusTarget,
      this.cap,
      this.slider,
      this.placer,
      this.control,
      this.invert,
      this.relay,
      this.marathon,
    ];
    for (const c of controls) c.addEventListener('change', changed);
    this.file.addEventListener('change', () => {
      const f = this.file.files?.[0];
      if (f) this.on.pictureFile(f);
    });
  }

  show(s: Settings, notice: string | null = null): void {
    this.settings = s;
    this.size.value = String(s.size);
    this.target.value = String(s.target);
    this.width.value = String(s.width);
    this.picture.value = s.picture;
    this.numbers.checked = s.numbers;
    this.spawns.value = s.spawns;
    this.opponent.value = s.versusOpponent;
    this.versusTarget.value = String(s.versusTarget);
    this.cap.value = String(s.versusCap);
    this.slider.value = s.duelSlider;
    this.placer.value = s.duelPlacer;
    this.control.value = s.puzzleControl;
    this.invert.checked = s.puzzleInvert;
    this.relay.value = String(s.relayUpTo);
    this.marathon.value = String(s.marathonCount);
    this.fileRow.hidden = s.picture !== 'custom';
    this.numbersRow.hidden = s.picture === 'none';
    this.notice.textContent = notice ?? '';
  }

  /** Shows a sentence on the notice line. */
  say(text: string): void {
    this.notice.textContent = text;
  }

  /** Adds a sentence to the notice line, after what it says already. */
  sayToo(text: string): void {
    this.notice.textContent = this.notice.textContent ? `${this.notice.textContent} ${text}` : text;
  }

  /**
   * Fills the Daily challenge card (its contents come from dailyCard.ts, loaded after the
   * home screen).
   */
  showDaily(contents: readonly Node[]): void {
    this.dailyBody.replaceChildren(...contents);
  }

  /**
   * Says on a card's ranked button whether it starts a game or continues the one being played
   * in this browser.
   */
  rankedInPlay(kind: '2048' | 'puzzle', inPlay: boolean): void {
    const b = this.ranked[kind === '2048' ? 0 : 1]!.querySelector('button')!;
    b.textContent = inPlay ? 'Continue ranked' : 'Play ranked';
  }

  /** Shows the Leaderboards link and online play (a slidebox server serves the page). */
  showOnline(): void {
    this.boards.hidden = false;
    for (const part of [...this.online, ...this.ranked]) part.hidden = false;
  }

  /**
   * Says next to a card's Join field why what was typed there is not a room (null: nothing),
   * and gives the field the focus to type it again.
   */
  joinProblem(kind: OnlineKind, text: string | null): void {
    const part = this.online[kind === 'versus' ? 0 : 1]!;
    const line = part.querySelector<HTMLElement>('.join-error')!;
    const input = part.querySelector<HTMLInputElement>('.join-input')!;
    line.textContent = text ?? '';
    line.hidden = !text;
    if (text) {
      input.setAttribute('aria-invalid', 'true');
      input.focus({ preventScroll: true });
      // The field and what is said of it, in view together (the line is under the field).
      line.scrollIntoView({ block: 'nearest' });
      input.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-invalid');
  }

  /**
   * Puts the keyboard at the page's start, without scrolling: Tab goes on in reading order
   * (the daily challenge, then each card), and the page stays at its top.
   */
  focusStart(): void {
    this.root.querySelector<HTMLElement>('#home-title')?.focus({ preventScroll: true });
  }
}
