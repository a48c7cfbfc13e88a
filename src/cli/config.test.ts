import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../storage/config.ts';
import { loadPlayer } from '../storage/player.ts';
import { tempDir } from '../testing/tempDir.ts';
import { main } from './config.ts';

async function config(args: string[], env: NodeJS.ProcessEnv = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, {
    out: (s) => out.push(s),
    err: (s) => err.push(s),
    env,
  });
  return { code, out: out.join(''), err: err.join('') };
}

describe('slidebox config', () => {
  it('server: set (checked and tidied), printed, removed', async () => {
    const dir = tempDir();
    const d = ['--data-dir', dir];
    expect(await config(['server', ...d])).toEqual({
      code: 1,
      out: '',
      err: 'No leaderboard server is set (slidebox config server URL sets one).\n',
    });
    const set = await config(['server', 'http://127.0.0.1:8080/', ...d]);
    expect(set).toEqual({
      code: 0,
      out: `Leaderboard server: http://127.0.0.1:8080 (kept in ${join(dir, 'config.json')}).\n`,
      err: '',
    });
    expect(await config(['server', ...d])).toMatchObject({
      code: 0,
      out: 'http://127.0.0.1:8080\n',
    });
    expect(await config(['server', '--unset', ...d])).toMatchObject({ code: 0 });
    expect(loadConfig(dir).config).toEqual({});
  });

  it('server: a bad address is refused with a sentence and nothing is written', async () => {
    const dir = tempDir();
    const r = await config(['server', 'localhost:8080', '--data-dir', dir]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^slidebox: config server: a server address starts with http:\/\/ or https:\/\/, not localhost:\/\//,
    );
    expect(loadConfig(dir).config).toEqual({});
  });

  it('server: says when SLIDEBOX_SERVER comes first', async () => {
    const r = await config(['server', 'http://a.example', '--data-dir', tempDir()], {
      SLIDEBOX_SERVER: 'http://b.example',
    });
    expect(r.err).toBe('SLIDEBOX_SERVER (http://b.example) is set: it comes first while it is.\n');
  });

  it('submit: always, never, or ask (the setting removed)', async () => {
    const dir = tempDir();
    const d = ['--data-dir', dir];
    expect((await config(['submit', ...d])).out).toBe('ask\n');
    expect((await config(['submit', 'always', ...d])).code).toBe(0);
    expect(loadConfig(dir).config.submit).toBe('always');
    expect((await config(['submit', 'never', ...d])).out).toMatch(/^Daily games are not submitted/);
    expect((await config(['submit', ...d])).out).toBe('never\n');
    expect((await config(['submit', 'ask', ...d])).code).toBe(0);
    expect(loadConfig(dir).config.submit).toBeUndefined();
    const bad = await config(['submit', 'sometimes', ...d]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^slidebox: config submit takes always, never or ask, not "sometimes"/);
  });

  it('name: kept in the player file (made if needed); a bad one refused with the rule', async () => {
    const dir = tempDir();
    const d = ['--data-dir', dir];
    expect((await config(['name', ...d])).code).toBe(1);
    expect(await config(['name', '  Ada Lovelace ', ...d])).toEqual({
      code: 0,
      out: 'Your name on the leaderboards: Ada Lovelace\n',
      err: '',
    });
    expect(loadPlayer(dir).player?.name).toBe('Ada Lovelace');
    expect((await config(['name', ...d])).out).toBe('Ada Lovelace\n');
    const bad = await config(['name', 'a\u001b[31m', ...d]);
    expect(bad).toEqual({
      code: 2,
      out: '',
      err: 'slidebox: config name: a name has no control or text-direction characters\n',
    });
  });

  it('name: a bad server address from the settings does not stop the name being kept', async () => {
    const dir = tempDir();
    const r = await config(['name', 'Bo', '--data-dir', dir], { SLIDEBOX_SERVER: 'nope' });
    expect(r.code).toBe(0);
    expect(r.err).toBe(
      'SLIDEBOX_SERVER: "nope" is not a URL (try http://127.0.0.1:8080): not renamed on a server.\n',
    );
    expect(loadPlayer(dir).player?.name).toBe('Bo');
  });

  it('the settings listed, and what is not a setting refused', async () => {
    const dir = tempDir();
    await config(['submit', 'never', '--data-dir', dir]);
    const r = await config(['--data-dir', dir], { SLIDEBOX_SERVER: 'http://x' });
    expect(r.out).toBe(
      [
        'server   http://x (from SLIDEBOX_SERVER)',
        'submit   never (daily games)',
        'name     none yet (asked for on your first submission)',
        'player   none yet (made on your first submission)',
        `data     ${dir}`,
        '',
      ].join('\n'),
    );
    expect((await config(['colour', '--data-dir', dir])).err).toMatch(
      /^slidebox: unknown setting "colour"/,
    );
    expect((await config(['submit', '--unset', '--data-dir', dir])).code).toBe(2);
    expect((await config(['server', '--server', 'http://x', '--data-dir', dir])).code).toBe(2);
    expect((await config(['--bogus'])).err).toMatch(/^slidebox: unknown option --bogus/);
  });
});
