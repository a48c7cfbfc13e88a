/**
 * The home screen's Daily challenge card: today's result or play link for each daily game, the
 * streak, and a Share button for each result. Loaded after the home screen is shown, with the
 * records: the daily challenge's rules bring the engine's share codes along.
 */
import {
  DAILY_KINDS,
  DAILY_NAMES,
  type DailyTable,
  dailyLine,
  streak,
  utcDay,
} from '../../front/daily.ts';
import { h } from '../ui/dom.ts';
import { shareResult } from '../ui/share.ts';

/**
 * The card's contents on the day of `now`: a row per daily game and the streak. A Share
 * button's outcome (a sentence) goes to `said`.
 */
export function dailyCard(table: DailyTable, now: number, said: (text: string) => void) {
  const day = utcDay(now);
  const rows = DAILY_KINDS.map((kind) => {
    const r = table[day]?.[kind];
    const name = DAILY_NAMES[kind];
    const play = h(
      'a',
      {
        href: `#daily-${kind}`,
        class: r ? 'btn' : 'btn btn-primary',
        'data-testid': `daily-${kind}`,
      },
      r ? `Practice ${name}` : `Play ${name}`,
    );
    const line = r ? dailyLine(day, kind, r) : `${name}: not played yet today`;
    let share: HTMLButtonElement | null = null;
    if (r) {
      share = h('button', { type: 'button', class: 'btn', 'data-share-daily': kind }, 'Share');
      share.addEventListener('click', () => void shareResult(line, r.code).then(said));
    }
    return h(
      'div',
      { class: 'daily-row' },
      h('p', { 'data-testid': `daily-line-${kind}` }, line),
      play,
      share,
    );
  });
  const s = streak(table, day);
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  return [
    h('p', {}, `The same boards for everyone today (${day}, UTC). Your first game to end counts.`),
    ...rows,
    h(
      'p',
      { 'data-testid': 'daily-streak' },
      `Streak: ${days(s.current)} (longest ${days(s.longest)})`,
    ),
  ];
}
