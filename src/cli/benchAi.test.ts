import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatTable, main, parseArgs, summarise } from './benchAi.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

const record = (seed: number, maxTile: number, score: number, moveMs: number[]) => ({
  seed,
  score,
  maxTile,
  moves: moveMs.length,
  ms: moveMs.reduce((a, b) => a + b, 0),
  moveMs,
});

describe('bench ai', () => {
  it('summarises games: reach shares, scores, per-move times', () => {
    const s = summarise(
      'fast',
      [
        record(1, 2048, 100, [1, 1, 2]),
        record(2, 16384, 300, [1, 3, 1]),
        record(3, 4096, 200, [1]),
      ],
      1000,
      2,
      1,
    );
    expect(s.games).toBe(3);
    expect(s.reached).toEqual({ 2048: 1, 4096: 2 / 3, 8192: 1 / 3, 16384: 1 / 3, 32768: 0 });
    expect(s.avgScore).toBe(200);
    expect(s.medianScore).toBe(200);
    expect(s.msPerMoveMedian).toBe(1);
    expect(s.movesPerSecPerCore).toBeCloseTo((7 / 10) * 1000);
    expect(s.seeds).toEqual([1, 3]);
    const table = formatTable([s]);
    expect(table.split('\n')[0]).toContain('16384');
    expect(table).toContain('33.3%');
  });

  it('rejects bad options with exit code 2 and prints usage for --help', async () => {
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(await main(['--games', 'many'])).toBe(2);
    expect(await main(['--preset', 'slow'])).toBe(2);
    expect(await main(['--no-cap', '--games', 'x'])).toBe(2);
    expect(await main(['--help'])).toBe(0);
    expect(String(out.mock.calls[0]?.[0])).toContain('Usage: slidebox bench ai');
    expect(err).toHaveBeenCalled();
  });

  it.each([
    [['--games', 'many'], 'bad-number', '--games must be a whole number >= 0, got many'],
    [['--threads', '0'], 'bad-number', '--threads must be a whole number >= 1, got 0'],
    [['--seed', '1.5'], 'bad-number', '--seed must be a whole number >= 0, got 1.5'],
    [['--preset', 'fast,slow'], 'unknown-preset', 'unknown preset slow'],
    [['--games'], 'missing-value', '--games needs a value'],
    [['--turbo'], 'unknown-option', 'unknown option --turbo'],
    [['constructor'], 'unknown-option', 'unknown option constructor'],
  ])('refuses %j with a coded problem', (argv, code, message) => {
    expect(parseArgs(argv)).toEqual({ ok: false, error: { code, message } });
  });

  it('reads the placer options; alone, they skip the games and the engine', () => {
    const r = parseArgs([
      '--placer',
      '50',
      '--evil',
      '3',
      '--evil-preset',
      'fast',
      '--evil-stop',
      '512',
    ]);
    expect(r.ok && r.value).toMatchObject({
      placer: 50,
      evil: 3,
      evilPreset: 'fast',
      evilStop: 512,
      games: 0,
      engineBoards: 0,
    });
    const withGames = parseArgs(['--evil', '2', '--games', '4', '--engine-boards', '10']);
    expect(withGames.ok && withGames.value).toMatchObject({ evil: 2, games: 4, engineBoards: 10 });
    expect(parseArgs([]).ok && parseArgs([])).toMatchObject({
      value: { placer: 0, evil: 0, evilPreset: 'strong', evilStop: 2048, games: 20 },
    });
  });

  it.each([
    [
      ['--evil-preset', 'fast,strong'],
      'unknown-preset',
      '--evil-preset takes one preset, got fast,strong',
    ],
    [['--evil-preset', 'evil'], 'unknown-preset', 'unknown preset evil'],
    [['--placer', '-1'], 'bad-number', '--placer must be a whole number >= 0, got -1'],
    [['--evil-stop', '2'], 'bad-number', '--evil-stop must be a whole number >= 4, got 2'],
    [['--evil'], 'missing-value', '--evil needs a value'],
  ])('refuses the placer option %j', (argv, code, message) => {
    expect(parseArgs(argv)).toEqual({ ok: false, error: { code, message } });
  });

  it('reads options, and --help before anything after it', () => {
    const r = parseArgs([
      '--games',
      '3',
      '--preset',
      'fast,strong',
      '--no-cap',
      '--max-moves',
      '9',
    ]);
    expect(r.ok && r.value).toMatchObject({
      help: false,
      games: 3,
      presets: ['fast', 'strong'],
      noCap: true,
      maxMoves: 9,
    });
    expect(parseArgs(['--help', '--games', 'x'])).toMatchObject({
      ok: true,
      value: { help: true },
    });
  });

  it('times and checks the packed engine, printing JSON', async () => {
    const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const code = await main([
      '--games',
      '0',
      '--engine-boards',
      '2000',
      '--check-boards',
      '2000',
      '--json',
      '--quiet',
    ]);
    expect(code).toBe(0);
    const json = JSON.parse(String(out.mock.calls.at(-1)?.[0]));
    expect(json.engine.mismatches).toBe(0);
    expect(json.engine.checkedMoves).toBe(8000);
    expect(json.presets).toEqual([]);
    expect(json.search).toBe('wasm');
  });
});
