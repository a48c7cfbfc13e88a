import { describe, expect, it } from 'vitest';
import { PlainQuestions } from './plainQuestions.ts';

const tick = () => new Promise<void>((r) => setTimeout(r, 5));

describe('questions in a plain game', () => {
  it('lines are commands until a flow asks; then the next lines are its answers, in order', async () => {
    const written: string[] = [];
    const q = new PlainQuestions((s) => written.push(s));
    expect(await q.take('a')).toBe(false);
    const got: (string | null)[] = [];
    await q.start(async () => {
      got.push(await q.ask('First? [y/N] '));
      await tick();
      got.push(await q.ask('Second?'));
      await tick();
      written.push('done\n');
    });
    expect(written).toEqual(['First? [y/N]\n']);
    expect(await q.take('y')).toBe(true);
    expect(written).toEqual(['First? [y/N]\n', 'Second?\n']);
    // The flow has ended when take resolves: the line after is a command again.
    expect(await q.take('Ada')).toBe(true);
    expect(written.at(-1)).toBe('done\n');
    expect(got).toEqual(['y', 'Ada']);
    expect(await q.take('d')).toBe(false);
    expect(q.busy).toBe(false);
  });

  it('a flow that asks nothing is waited for; it takes no line', async () => {
    const q = new PlainQuestions(() => {});
    let ended = false;
    await q.start(async () => {
      await tick();
      ended = true;
    });
    expect(ended).toBe(true);
    expect(await q.take('x')).toBe(false);
  });

  it('at the end of input an open question gets no answer, and the flow ends', async () => {
    const q = new PlainQuestions(() => {});
    const got: (string | null)[] = [];
    await q.start(async () => {
      got.push(await q.ask('One?'));
      got.push(await q.ask('Two?'));
    });
    await q.finish();
    expect(got).toEqual([null, null]);
    expect(q.busy).toBe(false);
  });

  it('a flow that fails says why in a line instead of throwing', async () => {
    const written: string[] = [];
    const q = new PlainQuestions((s) => written.push(s));
    await q.start(async () => {
      throw new Error('no disk');
    });
    expect(written).toEqual(['no disk\n']);
  });
});
