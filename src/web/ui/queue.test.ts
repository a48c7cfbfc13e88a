import { describe, expect, it } from 'vitest';
import { CommandQueue, type Scheduler } from './queue.ts';

/** A scheduler driven by hand: `fire()` ends the current wait. */
function manual(): Scheduler & { fire(): void } {
  let fn: (() => void) | null = null;
  const schedule: Scheduler = (f) => {
    fn = f;
    return () => {
      fn = null;
    };
  };
  const fire = () => {
    const f = fn;
    fn = null;
    f?.();
  };
  return Object.assign(schedule, { fire });
}

describe('CommandQueue', () => {
  it('runs commands at once while idle', () => {
    const ran: string[] = [];
    const q = new CommandQueue<string>((c) => {
      ran.push(c);
      return 0;
    }, manual());
    q.push('a');
    q.push('b');
    expect(ran).toEqual(['a', 'b']);
    expect(q.busy).toBe(false);
  });

  it('holds inputs during an animation and runs all of them, in order', () => {
    const ran: [string, number][] = [];
    const s = manual();
    const q = new CommandQueue<string>((c, backlog) => {
      ran.push([c, backlog]);
      return 100;
    }, s);
    q.push('left');
    q.push('up');
    q.push('right');
    q.push('down');
    expect(ran).toEqual([['left', 0]]);
    expect(q.length).toBe(3);
    s.fire();
    s.fire();
    s.fire();
    // The runner saw how many waited behind each command (to shorten animations).
    expect(ran).toEqual([
      ['left', 0],
      ['up', 2],
      ['right', 1],
      ['down', 0],
    ]);
    s.fire();
    expect(q.busy).toBe(false);
  });

  it('queues, rather than nests, commands pushed by the runner itself', () => {
    const ran: string[] = [];
    const s = manual();
    const q: CommandQueue<string> = new CommandQueue<string>((c) => {
      ran.push(`start ${c}`);
      if (c === 'a') q.push('b');
      ran.push(`end ${c}`);
      return 0;
    }, s);
    q.push('a');
    expect(ran).toEqual(['start a', 'end a', 'start b', 'end b']);
  });

  it('clear drops waiting commands and ends the wait', () => {
    const ran: string[] = [];
    const s = manual();
    const q = new CommandQueue<string>((c) => {
      ran.push(c);
      return 50;
    }, s);
    q.push('a');
    q.push('b');
    q.clear();
    expect(q.length).toBe(0);
    expect(q.busy).toBe(false);
    q.push('c');
    expect(ran).toEqual(['a', 'c']);
  });
});
