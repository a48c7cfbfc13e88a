// Start-up time: `slidebox --plain` answering `q` against bare `node -e 0`, started the same way
// (spawned with the same input), interleaved so machine noise hits both alike.
// Usage: node bench/startup.mjs [--runs N]     (npm run bench:startup builds first)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

const runsArg = process.argv.indexOf('--runs');
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 40;
const dataDir = mkdtempSync(join(tmpdir(), 'slidebox-bench-'));
const cli = new URL('../dist/cli.js', import.meta.url).pathname;

const cases = {
  'node -e 0': [process.execPath, ['-e', '0']],
  'slidebox --plain (q)': [
    process.execPath,
    [cli, '--plain', '--new', '--seed', '1', '--data-dir', dataDir],
  ],
};

function time([cmd, args]) {
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { input: 'q\n', encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
for (const c of Object.values(cases)) time(c); // warm the file cache
for (let i = 0; i < runs; i++) {
  for (const [name, c] of Object.entries(cases)) samples[name].push(time(c));
}
rmSync(dataDir, { recursive: true, force: true });

const base = median(samples['node -e 0']);
console.log(`start-up, ${runs} interleaved runs each (median, p10-p90):`);
for (const [name, xs] of Object.entries(samples)) {
  const s = [...xs].sort((a, b) => a - b);
  const p = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(1);
  console.log(
    `  ${name.padEnd(24)} ${median(xs).toFixed(1).padStart(7)} ms  (${p(0.1)}-${p(0.9)})  ${(median(xs) / base).toFixed(2)}x bare node`,
  );
}
console.log('goal: slidebox at most 2.00x bare node');
