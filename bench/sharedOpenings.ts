/**
 * How long an opening two players of one seed share by chance: figures for the copy rule of
 * the boards (src/server/boards/gameIdentity.ts, OPENING_MOVES), not pass/fail.
 *
 *   node --import tsx bench/sharedOpenings.ts                 2,000 games of today's daily
 *   node --import tsx bench/sharedOpenings.ts --games 5000
 *
 * `--games` 2048 games of 300 moves from the offline daily's seed (4×4), each by the tests'
 * random player (src/testing/games.ts play2048: a legal move at random, down or left three
 * times in four) with its own choices; printed: the longest opening any two of them share
 * (over every pair: the move lists sorted, neighbours compared), and how many pairs share 16,
 * 32 and 64 moves or more. In memory only; bounded by the games played.
 */
import { parseArgs } from 'node:util';
import { DIRECTIONS } from '../src/engine/types.ts';
import { dailySeed, utcDay } from '../src/front/daily.ts';
import { gameIdentity } from '../src/server/boards/gameIdentity.ts';
import { play2048 } from '../src/testing/games.ts';

const { values } = parseArgs({ options: { games: { type: 'string', default: '2000' } } });
const GAMES = Number(values.games);
const seed = dailySeed(utcDay(Date.now()), '2048');
const lists: string[] = [];
for (let pick = 1; pick <= GAMES; pick++) {
  const { code } = play2048(seed, 300, { pick });
  const moves = gameIdentity(code)!.moves;
  lists.push(Array.from(moves, (m) => DIRECTIONS[m]![0]).join(''));
}
lists.sort();
const shared = (a: string, b: string) => {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
};
let longest = 0;
for (let i = 1; i < lists.length; i++)
  longest = Math.max(longest, shared(lists[i - 1]!, lists[i]!));
const pairsFrom = (n: number) => {
  // Games sharing n moves are neighbours in sorted order: count the groups.
  let pairs = 0;
  let run = 1;
  for (let i = 1; i <= lists.length; i++) {
    if (i < lists.length && shared(lists[i - 1]!, lists[i]!) >= n) run++;
    else {
      pairs += (run * (run - 1)) / 2;
      run = 1;
    }
  }
  return pairs;
};
console.log(`${GAMES} games of the daily seed ${seed}, ${(GAMES * (GAMES - 1)) / 2} pairs`);
console.log(`longest opening two share: ${longest} moves`);
for (const n of [8, 16, 32, 64]) console.log(`pairs sharing ${n} moves or more: ${pairsFrom(n)}`);
