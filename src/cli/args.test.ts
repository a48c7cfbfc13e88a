import { describe, expect, it } from 'vitest';
import { parseCli } from './args.ts';

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
        dataDir: '/tmp/x',
      },
    });
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
    [['--size', 'abc'], /--size needs a whole number, got "abc"/],
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
    [['puzzle', '--target', '64'], /--target is for slidebox 2048 only/],
    [['--invert'], /--invert is for slidebox puzzle only/],
    [['puzzle', '--size', '10'], /--size must be/],
  ])('%j is refused: %s', (argv, message) => {
    const r = parseCli(argv);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(message);
  });
});
