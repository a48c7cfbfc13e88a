/**
 * The README's two pictures, from the real programs: docs/terminal.png (2048 in the terminal,
 * run in tmux and captured with its colours) and docs/web.png (2048 in the web build, in
 * Chromium at 1280×800). Both games start from seed 7; the AI plays a few seconds of each, so
 * the board shows a game under way, then is paused.
 *
 *   node scripts/build.mjs --quiet && npx tsx research/docShots.ts
 *
 * Needs tmux and /usr/bin/chromium. The web app is built into a temporary folder (not
 * dist-web/, which the tests use) and served on 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, serveSite } from '../test/e2e/webHarness.ts';
import { ansiToHtml } from './ansiToHtml.ts';

const ROOT = resolve(import.meta.dirname, '..');
const DOCS = join(ROOT, 'docs');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function tmux(...args: string[]): string {
  return execFileSync('tmux', args, { encoding: 'utf8' });
}

/** 2048 in an 80×24 tmux window: the AI plays for a while, then pauses; the screen as ANSI. */
async function captureTerminal(): Promise<string> {
  const data = mkdtempSync(join(tmpdir(), 'slidebox-shot-'));
  const session = `docshot-${process.pid}`;
  const cli = join(ROOT, 'dist', 'cli.js');
  tmux(
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    '80',
    '-y',
    '24',
    `COLORTERM=truecolor node ${cli} --data-dir ${data} --seed 7 --new`,
  );
  try {
    await sleep(1500);
    tmux('send-keys', '-t', session, 'p');
    await sleep(Number(process.env.SHOT_AI_MS ?? 15000));
    tmux('send-keys', '-t', session, 'p');
    await sleep(500);
    // One move of the player's own, which also clears the "paused" notice.
    tmux('send-keys', '-t', session, 'Left');
    await sleep(800);
    return tmux('capture-pane', '-t', session, '-e', '-p');
  } finally {
    tmux('kill-session', '-t', session);
    rmSync(data, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const ansi = await captureTerminal();
  const web = mkdtempSync(join(tmpdir(), 'slidebox-web-'));
  execFileSync(
    process.execPath,
    [
      join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      join(ROOT, 'vite.config.ts'),
      '--outDir',
      web,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: ROOT, env: { ...process.env, NODE_ENV: 'production' }, stdio: 'inherit' },
  );
  const site = await serveSite(web);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    // The terminal: its text in a page of the same size, one cell = one character.
    const term = await browser.newPage({ viewport: { width: 800, height: 480 } });
    await term.setContent(ansiToHtml(ansi, { columns: 80, rows: 24 }));
    const box = await term.locator('pre').boundingBox();
    if (!box) throw new Error('the terminal picture has no size');
    await term.screenshot({ path: join(DOCS, 'terminal.png'), clip: box });

    // The web app: 2048 at 1280×800, the AI plays a while, paused.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await page.goto(`${site.url}?seed=7#2048`);
    await page.locator('.board-2048 .tile').first().waitFor();
    await page.keyboard.press('p');
    await sleep(Number(process.env.SHOT_AI_MS ?? 15000));
    await page.keyboard.press('p');
    await sleep(500);
    await page.keyboard.press('ArrowLeft');
    await sleep(1000);
    await page.screenshot({ path: join(DOCS, 'web.png') });
    await context.close();
  } finally {
    await browser.close();
    await site.close();
    rmSync(web, { recursive: true, force: true });
  }
  for (const name of ['terminal.png', 'web.png']) {
    console.log(`docs/${name}: ${statSync(join(DOCS, name)).size} bytes`);
  }
}

await main();
