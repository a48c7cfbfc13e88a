import {
  encodeShared,
  newGameOrThrow,
  playOrThrow,
  readShareCode,
  shared2048,
} from 'slidebox/2048';

const game = playOrThrow(newGameOrThrow({ seed: 7 }), 'left');
const s = shared2048(game, { assisted: false }); // Result: a game that started from its seed
if (s.ok) {
  const code = encodeShared(s.value); // "sb.AQAAAAQL…": version, kind, rules, seed,
  console.log(code); // moves in bits, CRC-32; URL-safe
  const r = readShareCode(code); // decoded, then every move re-simulated
  if (r.ok)
    console.log(r.value.states.length); // every position from the start to the end
  else console.log(r.error.code); // 'damaged', 'too-long', 'future-version', 'illegal-move', …
}
