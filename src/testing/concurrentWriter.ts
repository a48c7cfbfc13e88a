/**
 * A process that finishes games into a data directory as fast as it can, for the test that
 * several slidebox processes at once keep every history entry and every record. Run as
 * `node --import tsx concurrentWriter.ts DIR ID COUNT START_AT_MS`: it waits until START_AT_MS
 * (so all writers start together), then adds COUNT history entries and COUNT versus wins.
 * Prints one line: how many of its writes reported a failure.
 */
import type { HistoryEntry } from '../front/history.ts';
import { recordToHistory } from '../storage/history.ts';
import { fileStoreVersus } from '../storage/storeVersus.ts';

const [dir, id, countText, startText] = process.argv.slice(2);
if (!dir || !id || !countText || !startText) {
  process.stderr.write('usage: concurrentWriter DIR ID COUNT START_AT_MS\n');
  process.exit(2);
}
const count = Number(countText);
const startAt = Number(startText);
// A busy wait keeps the start as close as the clock allows (a timer could fire late).
while (Date.now() < startAt) {
  // waiting for the other writers
}
const store = fileStoreVersus(dir);
let failed = 0;
for (let i = 0; i < count; i++) {
  const entry: HistoryEntry = {
    kind: '2048',
    size: 4,
    date: new Date().toISOString(),
    // The writer and its game, readable back from the history.
    score: Number(id) * 100_000 + i,
    moves: i + 1,
    maxTile: 4,
    won: false,
    assisted: false,
  };
  if (!recordToHistory(dir, entry).ok) failed++;
  if (!store.recordResult('human', 'win').ok) failed++;
}
process.stdout.write(`failed ${failed}\n`);
