import {
  duelPlace,
  makeVersusSave,
  newDuel,
  newGameOrThrow,
  newVersus,
  parseVersusSave,
  playWith,
  sharedVersus,
  versusMove,
  whoIs,
} from 'slidebox/2048';

// Versus: two boards from one seed; moves from either side, in any order.
const m0 = newVersus({ seed: 7 }); // size 4, target 512, no attack cap
if (!m0.ok) throw new Error(m0.error.message);
const m1 = versusMove(m0.value, 0, 'left'); // side 0 moves; its merges attack side 1
if (m1.ok) {
  console.log(m1.value.queues[1]); // attacks waiting for side 1, next first
  console.log(m1.value.winner); // 0 | 1 | 'draw' | null
  const text = makeVersusSave(m1.value); // a save: JSON text
  console.log(parseVersusSave(text).ok); // checked by replaying its log
  console.log(sharedVersus(m1.value, { players: 'ai-hard' }).ok); // to share as a code
}

// Duel: the placer puts the two start tiles, then slide and place alternate.
let duel = newDuel({ seed: 7, size: 4 });
if (duel.ok) console.log(whoIs(duel.value)); // { phase: 'place', round: 0, slider, placer, toAct }
if (duel.ok) duel = duelPlace(duel.value, { row: 0, col: 0 }, 2); // a 2 or a 4, on an empty cell

// Any game: a move whose spawn is forced (an attack) or placed.
const game = newGameOrThrow({ seed: 7 });
console.log(playWith(game, 'up', { kind: 'forced', value: 8 }).ok);
console.log(playWith(game, 'up', { kind: 'placed', at: { row: 3, col: 0 }, value: 2 }).ok);
