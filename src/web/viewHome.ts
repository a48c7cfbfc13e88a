/**
 * The home screen: pick the game, the board size and the options, then play. It shows the
 * settings it is given and reports every change; the wiring file remembers them.
 */
import { MAX_SIZE, MIN_SIZE } from '../engine/types.ts';
import { formatNumber } from '../front/format.ts';
import { h } from './dom.ts';
import { type GameKind, type PictureMode, type Settings, TARGETS } from './settings.ts';

export interface HomeHandlers {
  change(s: Settings): void;
  play(game: GameKind): void;
  /** The player picked an image file for picture mode. */
  pictureFile(file: File): void;
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
  private readonly notice: HTMLElement;

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

    const field = (label: string, control: HTMLElement) =>
      h('label', { class: 'field' }, h('span', {}, label), control);
    this.root = h(
      'section',
      { class: 'screen screen-home', 'aria-labelledby': 'home-title' },
      h('h1', { id: 'home-title', class: 'home-title' }, 'slidebox'),
      h('p', { class: 'tagline' }, 'Tile-sliding games: 2048 and the sliding puzzle.'),
      this.notice,
      h(
        'div',
        { class: 'cards' },
        h(
          'div',
          { class: 'card card-2048' },
          h('h2', {}, '2048'),
          h('p', {}, 'Slide the tiles; equal tiles merge. Reach the target tile.'),
          field('Board', this.size),
          field('Winning tile', this.target),
          h(
            'button',
            { type: 'button', class: 'btn btn-primary', 'data-play': '2048' },
            'Play 2048',
          ),
        ),
        h(
          'div',
          { class: 'card card-puzzle' },
          h('h2', {}, 'Sliding puzzle'),
          h('p', {}, 'Put the tiles back in order by sliding them into the gap.'),
          field('Board', this.width),
          field('Tiles show', this.picture),
          this.fileRow,
          this.numbersRow,
          h(
            'button',
            { type: 'button', class: 'btn btn-primary', 'data-play': 'puzzle' },
            'Play puzzle',
          ),
        ),
      ),
      h(
        'p',
        { class: 'keys-help' },
        'Your games, settings and records are kept in this browser. Works offline after the first visit.',
      ),
    );
    this.root.addEventListener('click', (e) => {
      const el = (e.target as Element).closest<HTMLElement>('[data-play]');
      if (el) this.on.play(el.dataset.play as GameKind);
    });
    const changed = () => {
      this.settings = {
        ...this.settings,
        size: Number(this.size.value),
        target: Number(this.target.value),
        width: Number(this.width.value),
        picture: this.picture.value as PictureMode,
        numbers: this.numbers.checked,
      };
      this.show(this.settings);
      this.on.change(this.settings);
    };
    for (const c of [this.size, this.target, this.width, this.picture, this.numbers]) {
      c.addEventListener('change', changed);
    }
    this.file.addEventListener('change', () => {
      const f = this.file.files?.[0];
      if (f) this.on.pictureFile(f);
    });
    this.show(initial);
  }

  show(s: Settings, notice: string | null = null): void {
    this.settings = s;
    this.size.value = String(s.size);
    this.target.value = String(s.target);
    this.width.value = String(s.width);
    this.picture.value = s.picture;
    this.numbers.checked = s.numbers;
    this.fileRow.hidden = s.picture !== 'custom';
    this.numbersRow.hidden = s.picture === 'none';
    this.notice.textContent = notice ?? '';
  }

  /** Moves focus to the button of the game last played. */
  focusPlay(game: GameKind): void {
    this.root.querySelector<HTMLButtonElement>(`[data-play="${game}"]`)?.focus();
  }
}
