import { describe, expect, it } from 'vitest';
import { checkOnlineArgs, parseCli } from './args.ts';
import { COMMANDS, unknownCommandMessage } from './help.ts';

describe('parseCli', () => {
  it('reads every option, in both --opt value and --opt=value forms', () => {
    const r = parseCli([
      '2048',
      '--size',
      '5',
      '--target=4096',
      '--seed',
      '77',
      '--new',
      '--no-animation',
      '--plain',
      '--data-dir',
      '/tmp/x',
    ]);
    expect(r).toEqual({
      ok: true,
      value: {
        command: '2048',
        size: 5,
        target: 4096,
        seed: 77,
        fresh: true,
        animation: false,
        plain: true,
        invert: false,
        ai: false,
        level: undefined,
        cap: undefined,
        placer: 'ai',
        slider: 'human',
        evil: false,
        json: false,
        series: undefined,
        dataDir: '/tmp/x',
        ranked: false,
        server: undefined,
        name: undefined,
      },
    });
  });

  it('reads a relay and a marathon (of 10 when no count is given)', () => {
    const series = (argv: string[]) => {
      const r = parseCli(argv);
      return r.ok ? r.value.series : r.error.message;
    };
    expect(series(['puzzle', '--relay', '6'])).toEqual({ kind: 'relay', upTo: 6 });
    expect(series(['puzzle', '--marathon', '5', '--size', '3'])).toEqual({
      kind: 'marathon',
      count: 5,
    });
    expect(series(['puzzle', '--marathon'])).toEqual({ kind: 'marathon', count: 10 });
    expect(series(['puzzle', '--marathon', '--plain'])).toEqual({ kind: 'marathon', count: 10 });
    expect(series(['puzzle', '--marathon=3'])).toEqual({ kind: 'marathon', count: 3 });
    expect(series(['puzzle'])).toBeUndefined();
  });

  it.each([
    [['puzzle', '--relay', '3'], /--relay needs a size from 4 to 8, got 3/],
    [['puzzle', '--relay', '9'], /--relay needs a size from 4 to 8, got 9/],
    [['puzzle', '--relay', 'six'], /--relay needs a size from 4 to 8, got "six"/],
    [
      ['puzzle', '--relay', '5', '--size', '4'],
      /--relay N runs from 3x3 up to NxN: it takes no --size/,
    ],
    [['puzzle', '--relay', '5', '--marathon', '3'], /two different modes/],
    [['puzzle', '--marathon', '1'], /--marathon needs a number of puzzles from 2 to 100, got 1/],
    [['puzzle', '--marathon', '101'], /from 2 to 100, got 101/],
    [['2048', '--relay', '5'], /--relay is for slidebox puzzle only/],
    [['versus', '--marathon'], /--marathon is for slidebox puzzle only/],
  ])('refuses %j', (argv, message) => {
    const r = parseCli(argv);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(message);
  });

  it('reads the puzzle command and its options', () => {
    const r = parseCli(['puzzle', '--size', '3', '--invert', '--seed', '5']);
    expect(r.ok && r.value).toMatchObject({
      command: 'puzzle',
      size: 3,
      invert: true,
      seed: 5,
      target: undefined,
    });
  });

  it('reads versus: two players, or the AI at a level (medium when none is named)', () => {
    expect(parseCli(['versus']).ok && parseCli(['versus'])).toMatchObject({
      value: { command: 'versus', ai: false, level: undefined },
    });
    for (const [args, level] of [
      [['versus', '--ai'], 'medium'],
      [['versus', '--ai', 'hard'], 'hard'],
      [['versus', '--ai', 'easy', '--target', '256', '--seed', '3'], 'easy'],
      [['versus', '--cap', '8', '--ai', 'hard'], 'hard'],
    ] as const) {
      const r = parseCli(args);
      expect(r.ok && r.value).toMatchObject({ command: 'versus', ai: true, level });
    }
    const bad = [
      [['versus', '--ai', 'godlike'], /--ai needs a level for versus: easy, medium, hard/],
      [['versus', 'hard'], /unknown command "versus hard"/],
      [['versus', '--target', '8'], /--target must be a power of two from 16/],
      [['versus', '--invert'], /--invert is for slidebox puzzle only/],
      [['puzzle', '--ai'], /--ai is for slidebox 2048 and slidebox versus only/],
      [['versus', '--cap', '6'], /^--cap must be a power of two from 4/],
      [['2048', '--cap', '8'], /--cap is for slidebox versus only/],
    ] as const;
    for (const [args, message] of bad) {
      const r = parseCli(args);
      expect(r.ok ? 'accepted' : r.error.message).toMatch(message);
    }
  });

  it('reads --spawns for 2048: natural or evil', () => {
    const r = parseCli(['--spawns', 'evil']);
    expect(r.ok && r.value).toMatchObject({ command: '2048', evil: true });
    const n = parseCli(['2048', '--spawns=natural']);
    expect(n.ok && n.value).toMatchObject({ evil: false });
    const bad = parseCli(['--spawns', 'mean']);
    expect(bad.ok ? 'accepted' : bad.error.message).toBe(
      '--spawns needs natural or evil, got "mean"',
    );
    const other = parseCli(['puzzle', '--spawns', 'evil']);
    expect(other.ok ? 'accepted' : other.error.message).toMatch(
      /--spawns is for slidebox 2048 only/,
    );
  });

  it('reads the duel: who places and who slides first', () => {
    const r = parseCli(['duel', '--placer', 'human', '--slider', 'ai', '--size', '3']);
    expect(r.ok && r.value).toMatchObject({
      command: 'duel',
      placer: 'human',
      slider: 'ai',
      size: 3,
    });
    const d = parseCli(['duel']);
    expect(d.ok && d.value).toMatchObject({ placer: 'ai', slider: 'human' });
    for (const [args, message] of [
      [['duel', '--slider', 'x'], /--slider needs ai or human, got "x"/],
      [['duel', '--target', '64'], /--target is for slidebox 2048 and slidebox versus only/],
      [['2048', '--placer', 'ai'], /--placer is for slidebox duel only/],
    ] as const) {
      const bad = parseCli(args);
      expect(bad.ok ? 'accepted' : bad.error.message).toMatch(message);
    }
  });

  it('has defaults, help and version', () => {
    const r = parseCli([]);
    expect(r.ok && r.value).toMatchObject({
      command: '2048',
      size: undefined,
      fresh: false,
      animation: true,
    });
    expect(
      parseCli(['--help']).ok && (parseCli(['-h']) as { value: { command: string } }).value.command,
    ).toBe('help');
    expect((parseCli(['-v']) as { value: { command: string } }).value.command).toBe('version');
  });

  it.each([
    [['--size', '9'], /--size must be a whole number from 3 to 8, got 9/],
    [['--size', '2'], /--size must be/],
    [['--size', 'abc'], /--size needs a whole number from 3 to 8, got "abc"/],
    [['--size'], /--size needs a value/],
    [['--target', '3000'], /--target must be a power of two/],
    [['--target', '4'], /--target must be a power of two from 8/],
    [['--seed', '-1'], /unknown option -1|--seed needs a whole number/],
    [['--seed', '1.5'], /--seed needs a whole number/],
    [['--seed', '99999999999999999'], /--seed needs a whole number/],
    [['--bogus'], /unknown option --bogus/],
    [['--new=1'], /--new takes no value/],
    [['puzzles'], /unknown command "puzzles"/],
    [['2048', 'extra'], /unknown command/],
    [['puzzle', '--target', '64'], /--target is for slidebox 2048 and slidebox versus only/],
    [['--invert'], /--invert is for slidebox puzzle only/],
    [['puzzle', '--size', '10'], /--size must be/],
  ])('%j is refused: %s', (argv, message) => {
    const r = parseCli(argv);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(message);
  });

  // The edges of option syntax, pinned exactly (code and message) so that the parser underneath
  // (util.parseArgs) cannot change what people see.
  it.each([
    [
      'a negative seed is a bad value',
      ['--seed', '-1'],
      'bad-value',
      '--seed needs a whole number from 0 to 9,007,199,254,740,991, got "-1"',
    ],
    [
      'a negative inline value',
      ['--size=-5'],
      'bad-value',
      '--size needs a whole number from 3 to 8, got "-5"',
    ],
    ['a negative number alone', ['-1'], 'unknown-option', 'unknown option -1'],
    ['a negative number of two digits', ['-12'], 'unknown-option', 'unknown option -12'],
    ['a lone --', ['--'], 'unknown-option', 'unknown option --'],
    ['-- before a command', ['--', 'puzzle'], 'unknown-option', 'unknown option --'],
    ['a lone dash', ['-'], 'unknown-option', 'unknown option -'],
    ['no name before =', ['--=x'], 'unknown-option', 'unknown option --'],
    ['a dash and =', ['-='], 'unknown-option', 'unknown option -'],
    ['short flags grouped', ['-hv'], 'unknown-option', 'unknown option -hv'],
    ['a short flag with a value', ['-h=1'], 'bad-option', '-h takes no value'],
    ['a long flag with a value', ['--help=1'], 'bad-option', '--help takes no value'],
    ['an unknown short option with a value', ['-x=3'], 'unknown-option', 'unknown option -x'],
    [
      'an option taken as the value',
      ['--size', '--new'],
      'bad-value',
      '--size needs a whole number from 3 to 8, got "--new"',
    ],
    ['an empty inline value', ['--size='], 'missing-value', '--size needs a value'],
    ['an empty value', ['--size', ''], 'missing-value', '--size needs a value'],
    ['an unknown option with a value', ['--bogus=3'], 'unknown-option', 'unknown option --bogus'],
    [
      'an unknown option before a value',
      ['--bogus', '3'],
      'unknown-option',
      'unknown option --bogus',
    ],
    [
      'a negated option that does not exist',
      ['--no-plain'],
      'unknown-option',
      'unknown option --no-plain',
    ],
    [
      'option problems come before command problems',
      ['puzzles', '--bogus'],
      'unknown-option',
      'unknown option --bogus',
    ],
    [
      'the first problem in order wins',
      ['--new=1', '--bogus'],
      'bad-option',
      '--new takes no value',
    ],
    [
      'a problem comes before --help',
      ['--help', '--bogus'],
      'unknown-option',
      'unknown option --bogus',
    ],
    ['an empty argument is a command', [''], 'unknown-command', unknownCommandMessage('')],
    [
      'a bad repeated value is still read',
      ['--size', 'x', '--size', '5', '--seed', 'y'],
      'bad-value',
      '--seed needs a whole number from 0 to 9,007,199,254,740,991, got "y"',
    ],
  ])('%s: %j', (_name, argv, code, message) => {
    expect(parseCli(argv)).toEqual({ ok: false, error: { code, message } });
  });

  it.each([
    ['--size 5', ['--size', '5'], { size: 5 }],
    ['--size=5', ['--size=5'], { size: 5 }],
    ['a repeated option: the last wins', ['--size', '4', '--size=5'], { size: 5 }],
    ['a bad value overridden by a good one', ['--size', 'x', '--size', '5'], { size: 5 }],
    ['a repeated flag', ['--new', '--new'], { fresh: true }],
    [
      'a value that looks like an option',
      ['--data-dir', '--new'],
      { dataDir: '--new', fresh: false },
    ],
    ['a value holding =', ['--data-dir=/a=b'], { dataDir: '/a=b' }],
    ['a value starting with a dash', ['--data-dir', '-'], { dataDir: '-' }],
    ['options before the command', ['--size', '3', 'puzzle'], { command: 'puzzle', size: 3 }],
    ['--help beats a bad command', ['puzzles', '--help'], { command: 'help' }],
    ['--help beats a bad value', ['--size', '9', '-h'], { command: 'help' }],
    ['--help beats --version', ['-v', '-h'], { command: 'help' }],
    ['--no-animation', ['--no-animation'], { animation: false }],
    ['--ai for 2048', ['--ai'], { ai: true }],
  ])('%s: %j', (_name, argv, value) => {
    const r = parseCli(argv);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toMatchObject(value);
  });
});

describe('parseCli: stats', () => {
  it('reads stats with --json, --size and --data-dir', () => {
    expect(parseCli(['stats'])).toMatchObject({
      ok: true,
      value: { command: 'stats', json: false, size: undefined, dataDir: undefined },
    });
    expect(parseCli(['stats', '--json', '--size=3', '--data-dir', '/d'])).toMatchObject({
      ok: true,
      value: { command: 'stats', json: true, size: 3, dataDir: '/d' },
    });
  });

  it.each([
    [['stats', '--seed', '3'], /^--seed does not apply to slidebox stats$/],
    [['stats', '--new'], /^--new does not apply to slidebox stats$/],
    [['stats', '--plain'], /^--plain does not apply to slidebox stats$/],
    [['stats', '--no-animation'], /^--no-animation does not apply to slidebox stats$/],
    [['stats', '--target', '64'], /^--target does not apply to slidebox stats$/],
    [['stats', '--ai'], /^--ai does not apply to slidebox stats$/],
    [['stats', '--spawns', 'evil'], /^--spawns does not apply to slidebox stats$/],
    [['stats', '--size', '9'], /^--size .*3 to 8, got 9$/],
    [['stats', '--size', 'four'], /^--size needs a whole number from 3 to 8, got "four"$/],
    [['stats', 'puzzle'], /^unknown command "stats puzzle"/],
    [['--json'], /^--json is for slidebox stats only$/],
    [['puzzle', '--json'], /^--json is for slidebox stats only$/],
  ])('refuses %j', (args, message) => {
    const r = parseCli(args);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(message);
  });

  it('an unknown command names every command', () => {
    const r = parseCli(['scores']);
    const message = !r.ok ? r.error.message : '';
    expect(message).toMatch(/^unknown command "scores"/);
    for (const c of COMMANDS) expect(message).toMatch(new RegExp(`\\b${c}\\b`));
  });
});

describe('online options', () => {
  const message = (r: ReturnType<typeof checkOnlineArgs>) => (r.ok ? null : r.error.message);
  it('checks sizes, targets and caps as local play does, with its sentences', () => {
    for (const [kind, values] of [
      ['versus', { online: true, size: '9' }],
      ['versus', { online: true, cap: '3' }],
      ['versus', { online: true, target: '8' }],
      ['duel', { online: true, size: 'x' }],
      ['duel', { online: true, cap: '8' }],
    ] as const) {
      const local = parseCli([
        kind,
        ...Object.entries(values)
          .filter(([k]) => k !== 'online')
          .flatMap(([k, v]) => [`--${k}`, String(v)]),
      ]);
      expect(local.ok).toBe(false);
      expect(message(checkOnlineArgs(kind, values))).toBe(!local.ok && local.error.message);
    }
    expect(checkOnlineArgs('versus', { online: true, size: '5', target: '64', cap: '8' })).toEqual({
      ok: true,
      value: { size: 5, target: 64, cap: 8 },
    });
  });

  it('says which options do not go together', () => {
    const cases: [Parameters<typeof checkOnlineArgs>[1], RegExp][] = [
      [{ online: true, join: 'ACDEFGH' }, /--online makes a room, --join joins one/],
      [{ online: true, watch: true }, /--watch goes with --join CODE/],
      [{ online: true, ai: true }, /--ai plays the AI on this computer/],
      [{ join: 'ACDEFGH', ai: true }, /--ai plays the AI on this computer/],
      [{ join: 'ACDEFGH', size: '5' }, /--size goes with --online.*--join takes no --size/],
      [{ join: 'ACDEFGH', target: '64' }, /--target goes with --online/],
      [{ online: true, seed: '3' }, /--seed is for play on this computer/],
      [{ online: true, new: true }, /--new is for play on this computer/],
      [{ online: true, spawns: 'evil' }, /--spawns is for slidebox 2048 only/],
    ];
    for (const [values, said] of cases)
      expect(message(checkOnlineArgs('versus', values))).toMatch(said);
    expect(message(checkOnlineArgs('duel', { online: true, placer: 'ai' }))).toMatch(
      /--placer is for a duel on this computer/,
    );
    expect(checkOnlineArgs('versus', { join: 'ACDEFGH', watch: true }).ok).toBe(true);
  });

  it('local play names what the online options go with, never "unknown option"', () => {
    const said = (argv: string[]) => {
      const r = parseCli(argv);
      return r.ok ? null : r.error.message;
    };
    expect(said(['versus', '--watch'])).toMatch(/^--watch goes with --join CODE/);
    expect(said(['duel', '--server', 'http://x'])).toMatch(/^--server goes with online play/);
    expect(said(['versus', '--name', 'Ann'])).toMatch(/^--name goes with online play/);
    expect(said(['2048', '--online'])).toBe(
      '--online is for slidebox versus and slidebox duel only',
    );
    expect(said(['puzzle', '--join', 'ACDEFGH'])).toBe(
      '--join is for slidebox versus and slidebox duel only',
    );
  });

  it('--ranked: 2048 and the puzzle, with --size, --target, --server and --name', () => {
    const r = parseCli([
      'puzzle',
      '--ranked',
      '--size',
      '3',
      '--server',
      'http://x',
      '--name',
      'Ann',
    ]);
    expect(r.ok && r.value).toMatchObject({
      command: 'puzzle',
      ranked: true,
      size: 3,
      server: 'http://x',
      name: 'Ann',
    });
    const g = parseCli(['--ranked', '--target', '32', '--plain']);
    expect(g.ok && g.value).toMatchObject({
      command: '2048',
      ranked: true,
      target: 32,
      plain: true,
    });
    // The engine's word on sizes and targets, as in local play.
    const bad = parseCli(['--ranked', '--size', '9']);
    expect(bad.ok ? null : bad.error.message).toMatch(/^--size/);
  });

  it('--ranked refuses what ranked play has no room for, each with its reason', () => {
    const said = (argv: string[]) => {
      const r = parseCli(argv);
      return r.ok ? null : r.error.message;
    };
    expect(said(['--ranked', '--ai'])).toBe(
      '--ai does not go with --ranked: no AI, hint or solver helps in ranked play',
    );
    expect(said(['--ranked', '--seed', '4'])).toBe(
      '--seed does not go with --ranked: the server deals a ranked game',
    );
    expect(said(['--ranked', '--spawns', 'evil'])).toMatch(/^--spawns does not go with --ranked/);
    expect(said(['--ranked', '--new'])).toMatch(/^--new does not go with --ranked/);
    expect(said(['puzzle', '--ranked', '--relay', '5'])).toMatch(
      /^--relay does not go with --ranked/,
    );
    expect(said(['puzzle', '--ranked', '--marathon'])).toMatch(/^--marathon does not go with/);
    expect(said(['versus', '--ranked'])).toBe(
      '--ranked is for slidebox 2048 and slidebox puzzle only',
    );
    expect(said(['duel', '--ranked'])).toBe(
      '--ranked is for slidebox 2048 and slidebox puzzle only',
    );
    expect(said(['puzzle', '--ranked', '--target', '32'])).toMatch(
      /^--target is for slidebox 2048/,
    );
    // Without --ranked, --server and --name still say what they go with.
    expect(said(['2048', '--server', 'http://x'])).toMatch(
      /--ranked and the leaderboard commands$/,
    );
    expect(said(['puzzle', '--name', 'Ann'])).toMatch(/and --ranked$/);
  });
});
