/**
 * The home screen's Daily challenge card: today's result or play link for each daily game, the
 * streak, and a Share button for each result; with a leaderboard server, a Submit button for
 * each result and the player's rank on today's boards. Loaded after the home screen is shown,
 * with the records: the daily challenge's rules bring the engine's share codes along.
 */
import {
  DAILY_KINDS,
  DAILY_NAMES,
  type DailyKind,
  type DailyTable,
  dailyLine,
  streak,
  utcDay,
} from '../../front/daily.ts';
import { h } from '../ui/dom.ts';
import { shareResult } from '../ui/share.ts';

/** What the card asks of the leaderboard server (src/web/leaderboards/online.ts). */
export interface DailyServer {
  /** Submits a game's code; resolves with the sentence to show. */
  submit(code: string): Promise<string>;
  /** The player's rank on today's board of a daily game, as a line, or null. */
  dailyRank(kind: DailyKind): Promise<string | null>;
  /** Plays today's ranked daily of a kind (dealt and timed by the server). */
  playRanked?(kind: DailyKind): void;
  /** Whether today's ranked daily of a kind is being played in this browser. */
  rankedInPlay?(kind: DailyKind): boolean;
}

/** The line with the player's rank today, filled when the server answers. */
function rankLine(kind: DailyKind, server: DailyServer): HTMLElement {
  const el = h('p', { class: 'daily-rank', 'data-testid': `daily-rank-${kind}` });
  void server.dailyRank(kind).then((text) => {
    el.textContent = text ?? '';
  });
  return el;
}

/**
 * The card's contents on the day of `now`: a row per daily game and the streak. A Share or
 * Submit button's outcome (a sentence) goes to `said`. `server`: the leaderboard server, if any.
 */
export function dailyCard(
  table: DailyTable,
  now: number,
  said: (text: string) => void,
  server: DailyServer | null = null,
) {
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
    let rank: HTMLElement | null = server && rankLine(kind, server);
    let submit: HTMLButtonElement | null = null;
    // A puzzle given up is not ranked: only a solved one is offered.
    const code = r && (kind === '2048' || r.won) ? r.code : undefined;
    if (server && code) {
      submit = h('button', { type: 'button', class: 'btn', 'data-submit-daily': kind }, 'Submit');
      submit.addEventListener('click', () => {
        submit!.disabled = true;
        void server.submit(code).then((text) => {
          submit!.disabled = false;
          said(text);
          const again = rankLine(kind, server);
          rank?.replaceWith(again);
          rank = again;
        });
      });
    }
    let ranked: HTMLButtonElement | null = null;
    if (server?.playRanked) {
      const going = server.rankedInPlay?.(kind) ?? false;
      ranked = h(
        'button',
        { type: 'button', class: 'btn', 'data-testid': `daily-ranked-${kind}` },
        going ? 'Continue ranked' : 'Play ranked',
      );
      ranked.setAttribute(
        'aria-label',
        `${going ? 'Continue' : 'Play'} today's ranked daily ${name}`,
      );
      ranked.addEventListener('click', () => server.playRanked!(kind));
    }
    return h(
      'div',
      { class: 'daily-row' },
      h('p', { 'data-testid': `daily-line-${kind}` }, line),
      play,
      ranked,
      share,
      submit,
      rank,
    );
  });
  const s = streak(table, day);
  const days = (n: number) => `${n} day${n === 1 ? '' : 's'}`;
  return [
    h(
      'p',
      {},
      server?.playRanked
        ? `The same boards for everyone today (${day}, UTC). Played here, your first game to end counts in this browser; ranked, the server deals it and your first attempt is your entry.`
        : `The same boards for everyone today (${day}, UTC). Your first game to end counts.`,
    ),
    ...rows,
    h(
      'p',
      { 'data-testid': 'daily-streak' },
      `Streak: ${days(s.current)} (longest ${days(s.longest)})`,
    ),
  ];
}
