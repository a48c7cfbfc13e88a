import { describe, expect, it } from 'vitest';
import { newGame } from '../engine/game2048.ts';
import { err, ok, problem } from '../engine/result.ts';
import type { Store2048 } from '../front/ports.ts';
import { resumeCommand, SaveWatch, saveFirst, shellWord } from './saveWatch.ts';

const MARKS = { assisted: false, recorded: false };

/** A store whose saves succeed or fail as the test says. */
function fakeStore(results: boolean[]): Store2048 {
  return {
    save: () =>
      results.shift() ? ok(undefined) : err(problem('save-failed', 'Could not save the game.')),
  };
}

describe('SaveWatch', () => {
  it('follows the last save: a failure, then a success, then a failure', () => {
    const watch = new SaveWatch(true);
    const store = watch.store2048(fakeStore([false, true, false]));
    const game = newGame({ seed: 1 });
    store.save(game, 0, MARKS);
    expect([watch.kept, watch.problem]).toEqual([false, 'Could not save the game.']);
    store.save(game, 0, MARKS);
    expect([watch.kept, watch.problem]).toEqual([true, null]);
    store.save(game, 0, MARKS);
    expect(watch.kept).toBe(false);
  });

  it('leaving a game that was kept: nothing said, the exit status as it was', () => {
    const said: string[] = [];
    const error = { write: (s: string) => said.push(s) };
    expect(new SaveWatch(true).leave(0, error, 'Score 4')).toBe(0);
    expect(said).toEqual([]);
  });

  it('a game resumed (or saved once) and then not saved: the latest moves were lost', () => {
    const watch = new SaveWatch(true);
    watch.note(err(problem('save-failed', 'Could not save the game in /d: permission denied.')));
    expect(watch.lostLines('Score 8 · 3 moves · best 8')).toEqual([
      'Could not save the game in /d: permission denied.',
      'Score 8 · 3 moves · best 8 — the latest moves were not kept (the saved game is an earlier position).',
    ]);
    expect(watch.lostLines(null, 'puzzle')[1]).toBe(
      'The latest moves were not kept (the saved puzzle is an earlier position).',
    );
  });

  it('leaving a game that was not kept: why, what was lost, exit 1', () => {
    const said: string[] = [];
    const error = { write: (s: string) => said.push(s) };
    const watch = new SaveWatch(false, 'Could not save the game in /d: permission denied.');
    expect(watch.leave(0, error, 'Score 4 · 1 move · best 0')).toBe(1);
    expect(said).toEqual([
      'Could not save the game in /d: permission denied.\n',
      'Score 4 · 1 move · best 0 — this game was not kept.\n',
    ]);
    expect(watch.lostLines(null, 'puzzle')).toEqual([
      'Could not save the game in /d: permission denied.',
      'This puzzle was not kept.',
    ]);
    // A plain-mode error status stays.
    expect(watch.leave(2, { write: () => {} })).toBe(2);
  });

  it('saveFirst: a save that throws is a notice and the watch starts not kept', () => {
    const notices: string[] = [];
    const watch = saveFirst('/nowhere', notices, () => {
      throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
    });
    expect(watch.kept).toBe(false);
    expect(notices).toEqual(['Could not save the game in /nowhere: permission denied.']);
    expect(watch.problem).toBe(notices[0]);
    expect(saveFirst('/d', notices, () => {}).kept).toBe(true);
    expect(notices).toHaveLength(1);
  });
});

describe('resumeCommand', () => {
  it.each([
    ['2048', {}, 'slidebox'],
    ['2048', { size: 4 }, 'slidebox'],
    ['2048', { size: 3 }, 'slidebox --size 3'],
    ['2048', { evil: true }, 'slidebox --spawns evil'],
    [
      '2048',
      { size: 5, evil: true, dataDir: 'saves' },
      'slidebox --size 5 --spawns evil --data-dir saves',
    ],
    ['puzzle', {}, 'slidebox puzzle'],
    ['puzzle', { size: 8 }, 'slidebox puzzle --size 8'],
    ['versus', { size: 5 }, 'slidebox versus'],
    ['duel', { dataDir: '/tmp/my saves' }, "slidebox duel --data-dir '/tmp/my saves'"],
    ['daily 2048', { dataDir: '/d' }, 'slidebox daily 2048 --data-dir /d'],
  ] as const)('%s %j → %s', (command, o, line) => {
    expect(resumeCommand(command, o)).toBe(line);
  });

  it('quotes a word for the shell only when it must', () => {
    expect(shellWord('/tmp/a-b_c.d')).toBe('/tmp/a-b_c.d');
    expect(shellWord("it's here")).toBe(`'it'\\''s here'`);
    expect(shellWord('$HOME')).toBe("'$HOME'");
  });
});
