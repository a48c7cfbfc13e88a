/** Numbers and times as every front-end shows them (terminal, web, plain text). */

/** Whole number with thousands separators: 1234567 -> "1,234,567". */
export function formatNumber(n: number): string {
  return Math.round(n)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Minutes and seconds, with hours when needed: 0:07, 12:34, 1:02:03. */
export function formatTime(ms: number): string {
  const s = Math.floor(ms / 1000);
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** A solve's time as speedsolvers read it, to the millisecond: 7.042, 1:02.350, 1:00:00.000. */
export function formatSolveTime(ms: number): string {
  const total = Math.round(ms);
  const s = Math.floor(total / 1000);
  const frac = String(total % 1000).padStart(3, '0');
  if (s < 60) return `${s}.${frac}`;
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(mm).padStart(2, '0')}:${ss}.${frac}` : `${mm}:${ss}.${frac}`;
}
