/**
 * The 2048 analysis's calibration: per stage (the sum of the tiles, in steps of 256), knots
 * [levelled search value, chance to reach 2048 in hundredths of a percent] of a non-decreasing
 * map from the AI's value of a position (the `fast` preset, uncapped) to the share of self-play games of the reference player (the
 * AI with a random move instead of its own with probability 0.05) that reached 2048 from
 * positions of that value. Generated, do not edit: produced by
 *
 *   node --import tsx research/analysisCalibration.ts --games 300 --seed 7000 --cont 0.05 --prefix 0.05,0.1,0.2,0.5,1 --max-moves 3000 --write
 *
 * (research/analysisCalibration.ts says how; docs/analysis.md what it means). The games, by the
 * share of random moves of their prefix:
 * ε 0.05: 60 games, 0 over in the prefix, 39 reached 2048 after it (41586 positions).
 * ε 0.1: 60 games, 0 over in the prefix, 37 reached 2048 after it (44608 positions).
 * ε 0.2: 60 games, 3 over in the prefix, 37 reached 2048 after it (41012 positions).
 * ε 0.5: 60 games, 15 over in the prefix, 22 reached 2048 after it (35835 positions).
 * ε 1: 60 games, 4 over in the prefix, 37 reached 2048 after it (47547 positions).
 */

/** The calibration table (see the file's comment). */
export const CALIBRATION_2048 = {
  preset: 'fast',
  target: 2048,
  command:
    'node --import tsx research/analysisCalibration.ts --games 300 --seed 7000 --cont 0.05 --prefix 0.05,0.1,0.2,0.5,1 --max-moves 3000 --write',
  games: 300,
  continuation: 0.05,
  positions: 210588,
  stages: [
    {
      sumBelow: 256,
      positions: 7889,
      knots: [
        [1465594, 3125],
        [1526507, 4497],
        [1582940, 5400],
      ],
    },
    {
      sumBelow: 512,
      positions: 19537,
      knots: [
        [1438641, 3333],
        [1513103, 5266],
        [1579823, 5871],
        [1601101, 6164],
        [1604615, 6310],
        [1606303, 6322],
      ],
    },
    {
      sumBelow: 768,
      positions: 26385,
      knots: [
        [1355822, 2075],
        [1394006, 3418],
        [1416011, 3561],
        [1443680, 3636],
        [1482503, 4817],
        [1516321, 4985],
        [1533402, 5015],
        [1552371, 6270],
        [1583649, 6281],
        [1604999, 6387],
      ],
    },
    {
      sumBelow: 1024,
      positions: 30741,
      knots: [
        [1330748, 3837],
        [1428952, 4794],
        [1476731, 5159],
        [1512121, 5465],
        [1532116, 6402],
        [1557352, 6588],
        [1600895, 6660],
      ],
    },
    {
      sumBelow: 1280,
      positions: 30595,
      knots: [
        [1160701, 1311],
        [1260491, 3587],
        [1329921, 4815],
        [1407866, 5065],
        [1482246, 5374],
        [1544368, 6575],
        [1585226, 6674],
        [1607894, 6837],
      ],
    },
    {
      sumBelow: 1536,
      positions: 30006,
      knots: [
        [1136838, 2000],
        [1240918, 3958],
        [1402940, 4439],
        [1502219, 5120],
        [1529812, 6533],
        [1583475, 7071],
      ],
    },
    {
      sumBelow: 1792,
      positions: 27882,
      knots: [
        [1057620, 3571],
        [1289276, 4958],
        [1447089, 5313],
        [1498816, 5617],
        [1539773, 6217],
        [1572862, 6729],
        [1600396, 7997],
        [1602598, 8016],
        [1605859, 8029],
      ],
    },
    {
      sumBelow: 2048,
      positions: 25484,
      knots: [
        [875068, 5294],
        [1284707, 6047],
        [1518985, 6850],
        [1573412, 8540],
        [1603053, 9013],
      ],
    },
    {
      sumBelow: null,
      positions: 12069,
      knots: [
        [267335, 417],
        [312550, 833],
        [746583, 3115],
        [882290, 4750],
        [1256077, 5808],
        [1565642, 7291],
        [1602356, 9925],
        [1657214, 9967],
      ],
    },
  ],
} as const;
