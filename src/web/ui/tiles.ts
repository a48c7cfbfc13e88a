/**
 * 2048 tiles on a board, shared by the single game, versus and duel views. Moves animate from
 * the engine's record of the move (`game.last.tiles`: where every tile went, which merged;
 * `game.spawned`), so nothing is diffed and no rule is worked out here.
 */
import type { Game } from '../../engine/game2048.ts';
import type { Pos } from '../../engine/types.ts';
import { cellTransform, digitsClass } from './board.ts';
import { h } from './dom.ts';

/**
 * Draws `g` into `container`; `ms` > 0 animates the move from `before` (its slide, merges and
 * new tile). `spawnClass` is added to the new tiles (an attack that landed, say).
 */
export function drawTiles(
  container: HTMLElement,
  g: Game,
  before: Game | null,
  ms: number,
  spawnClass = '',
): void {
  const els: HTMLElement[] = [];
  const animate = ms > 0 && before !== null && g.previous === before && g.last !== null;
  if (animate && g.last) {
    for (const t of g.last.tiles) {
      // A tile that merges stays under the merged tile: tests and readers skip it.
      const el = tile(t.value, t.to, t.merged ? 'merge-source' : '');
      el.animate([{ transform: cellTransform(t.from) }, { transform: cellTransform(t.to) }], {
        duration: ms,
        easing: 'ease-in-out',
      });
      els.push(el);
    }
    for (const mg of g.last.merges) {
      // The merged tile shows when the two tiles meet (the slide's end), then pops.
      const el = tile(mg.value, mg.at, 'merged');
      el.animate([{ opacity: 0 }, { opacity: 0 }], { duration: ms });
      pop(el, ms, [1, 1.15, 1], ms);
      els.push(el);
    }
  } else {
    g.cells.forEach((row, r) => {
      row.forEach((v, c) => {
        if (v !== 0 && !g.spawned.some((s) => s.at.row === r && s.at.col === c)) {
          els.push(tile(v, { row: r, col: c }));
        }
      });
    });
  }
  // The tile of a slide drawn before it came (dealt by a server): it grows in now.
  const came =
    before !== null &&
    before.spawned.length === 0 &&
    g.previous === before.previous &&
    g.last === before.last &&
    g.spawned.length > 0;
  for (const s of g.spawned) {
    const el = tile(s.value, s.at, `spawned ${spawnClass}`);
    // A new game's tiles, or a move's new tile: they grow in once the slide is done.
    const fresh = animate || (ms > 0 && (g.previous === null || came));
    if (fresh) pop(el, ms, [0, 1], animate ? ms : 0);
    els.push(el);
  }
  container.replaceChildren(...els);
}

/**
 * Whether `a` shows the same tiles as `b`: an equal board reached another way (an online
 * match's own move confirmed by the server) is not drawn again, so its slide is not cut short.
 */
export function sameCells(a: Game, b: Game | null): boolean {
  return (
    b !== null &&
    a.size === b.size &&
    a.cells.every((row, r) => row.every((v, c) => v === b.cells[r]![c]))
  );
}

/** One tile element on a cell. */
export function tile(value: number, at: Pos, extra = ''): HTMLElement {
  const exp = Math.min(Math.round(Math.log2(value)), 18);
  const el = h(
    'div',
    {
      class: `tile t${exp} ${digitsClass(value)} ${extra}`.trim().replace(/\s+/g, ' '),
      'data-row': at.row,
      'data-col': at.col,
      'data-value': value,
    },
    h('div', { class: 'tile-inner' }, String(value)),
  );
  el.style.transform = cellTransform(at);
  return el;
}

function pop(el: HTMLElement, ms: number, scales: number[], delay = 0): void {
  el.firstElementChild!.animate(
    scales.map((s) => ({ transform: `scale(${s})`, opacity: s === 0 ? 0 : 1 })),
    { duration: ms, delay, easing: 'ease-out', fill: 'backwards' },
  );
}
