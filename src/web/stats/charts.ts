/**
 * Small SVG charts drawn by hand (a line of values, bars with labels), each with a table of the
 * same figures for screen readers and for anyone who wants the numbers. No library: a few
 * hundred bytes of code instead of a charting package.
 */
import { h } from '../ui/dom.ts';

const NS = 'http://www.w3.org/2000/svg';

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  ...children: (Node | string)[]
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  el.append(...children);
  return el;
}

export interface Bar {
  readonly label: string;
  readonly value: number;
  /** What the bar's value says, as text ("3 games", "1:42"). */
  readonly text: string;
}

const W = 320;

/** A chart and its table in one figure; `title` names both. */
function figure(
  title: string,
  chart: SVGSVGElement,
  head: [string, string],
  rows: [string, string][],
) {
  const table = h(
    'table',
    { class: 'chart-table' },
    h('caption', {}, title),
    h(
      'thead',
      {},
      h('tr', {}, h('th', { scope: 'col' }, head[0]), h('th', { scope: 'col' }, head[1])),
    ),
    h(
      'tbody',
      {},
      ...rows.map(([a, b]) => h('tr', {}, h('th', { scope: 'row' }, a), h('td', {}, b))),
    ),
  );
  return h(
    'figure',
    { class: 'chart' },
    h('figcaption', {}, title),
    chart,
    h('details', { class: 'chart-data' }, h('summary', {}, 'Table'), table),
  );
}

/** Horizontal bars, longest value full width. */
export function barChart(title: string, head: [string, string], bars: readonly Bar[]): HTMLElement {
  const rowH = 22;
  const labelW = 70;
  // Room for the longest value text after the longest bar (about 7 units a character).
  const textW = Math.max(...bars.map((b) => b.text.length), 1) * 7 + 8;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const height = bars.length * rowH + 4;
  const chart = svg('svg', {
    viewBox: `0 0 ${W} ${height}`,
    class: 'chart-svg',
    role: 'img',
    'aria-label': `${title}: ${bars.map((b) => `${b.label} ${b.text}`).join(', ')}`,
  });
  bars.forEach((b, i) => {
    const y = i * rowH + 2;
    const w = Math.max(2, ((W - labelW - textW) * b.value) / max);
    chart.append(
      svg(
        'text',
        { x: labelW - 6, y: y + 15, 'text-anchor': 'end', class: 'chart-label' },
        b.label,
      ),
      svg('rect', { x: labelW, y: y + 3, width: w, height: rowH - 6, rx: 3, class: 'chart-bar' }),
      svg('text', { x: labelW + w + 5, y: y + 15, class: 'chart-value' }, b.text),
    );
  });
  return figure(
    title,
    chart,
    head,
    bars.map((b) => [b.label, b.text]),
  );
}

/** Values in order as a line with dots (oldest first); the first and last labelled. */
export function lineChart(
  title: string,
  head: [string, string],
  points: readonly { readonly label: string; readonly value: number }[],
  format: (v: number) => string,
): HTMLElement {
  const height = 120;
  const pad = 10;
  const max = Math.max(1, ...points.map((p) => p.value));
  const x = (i: number) =>
    pad + (points.length < 2 ? (W - 2 * pad) / 2 : (i * (W - 2 * pad)) / (points.length - 1));
  const y = (v: number) => height - pad - (v * (height - 3 * pad)) / max;
  const chart = svg('svg', {
    viewBox: `0 0 ${W} ${height}`,
    class: 'chart-svg',
    role: 'img',
    'aria-label': `${title}: ${points.length} games, from ${format(points[0]?.value ?? 0)} to ${format(points.at(-1)?.value ?? 0)}, the highest ${format(max)}`,
  });
  chart.append(
    svg('line', { x1: pad, x2: W - pad, y1: height - pad, y2: height - pad, class: 'chart-axis' }),
  );
  if (points.length > 1) {
    const d = points
      .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p.value).toFixed(1)}`)
      .join(' ');
    chart.append(svg('path', { d, class: 'chart-line' }));
  }
  points.forEach((p, i) => {
    chart.append(svg('circle', { cx: x(i), cy: y(p.value), r: 3, class: 'chart-dot' }));
  });
  chart.append(svg('text', { x: pad, y: pad + 2, class: 'chart-value' }, `up to ${format(max)}`));
  return figure(
    title,
    chart,
    head,
    points.map((p) => [p.label, format(p.value)]),
  );
}
