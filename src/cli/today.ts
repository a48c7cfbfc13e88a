/** The day of the daily challenge on this machine. */
import { isDay, utcDay } from '../front/daily.ts';

/** Today (UTC); SLIDEBOX_TODAY=YYYY-MM-DD sets another day (the end-to-end tests do). */
export function today(env: NodeJS.ProcessEnv = process.env): string {
  const set = env.SLIDEBOX_TODAY;
  return set && isDay(set) ? set : utcDay(Date.now());
}
