import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/tempDir.ts';
import { configPath, loadConfig, parseConfigFile, updateConfig } from './config.ts';

const tmp = () => tempDir('slidebox-config-');
const fileOf = (dir: string) => JSON.parse(readFileSync(configPath(dir), 'utf8'));
const asides = (dir: string) =>
  readdirSync(dir).filter((f) => f.startsWith('config.json.corrupt-'));

describe('the settings file', () => {
  it('is empty when there is none, and keeps what is set, atomically, with no temp files left', () => {
    const dir = tmp();
    expect(loadConfig(dir)).toEqual({ config: {}, notices: [] });
    const r = updateConfig(dir, (c) => ({ ...c, server: 'http://127.0.0.1:8080' }));
    expect(r.ok && r.value).toEqual({ config: { server: 'http://127.0.0.1:8080' }, notices: [] });
    updateConfig(dir, (c) => ({ ...c, submit: 'never' }));
    expect(loadConfig(dir).config).toEqual({ server: 'http://127.0.0.1:8080', submit: 'never' });
    expect(fileOf(dir)).toEqual({
      kind: 'slidebox/config',
      version: 1,
      server: 'http://127.0.0.1:8080',
      submit: 'never',
    });
    // A setting removed is gone from the file.
    updateConfig(dir, ({ server: _gone, ...rest }) => rest);
    expect(fileOf(dir)).toEqual({ kind: 'slidebox/config', version: 1, submit: 'never' });
    expect(readdirSync(dir).sort()).toEqual(['config.json']);
  });

  it('keeps fields it does not know when it writes', () => {
    const dir = tmp();
    writeFileSync(
      configPath(dir),
      JSON.stringify({ kind: 'slidebox/config', version: 1, theme: 'dark', server: 'http://a' }),
    );
    updateConfig(dir, (c) => ({ ...c, submit: 'always' }));
    expect(fileOf(dir)).toEqual({
      kind: 'slidebox/config',
      version: 1,
      theme: 'dark',
      server: 'http://a',
      submit: 'always',
    });
  });

  const damaged: [string, string, RegExp][] = [
    ['garbage', '{"kind": "slidebox/con', /not valid JSON/],
    ['empty', '', /it is empty/],
    ['an array', '[]', /not an object/],
    ['another kind', '{"kind":"slidebox/stats","version":1}', /not a slidebox settings file/],
    ['a newer format', '{"kind":"slidebox/config","version":7}', /newer slidebox \(format 7\)/],
    ['a bad submit', '{"kind":"slidebox/config","version":1,"submit":"maybe"}', /always or never/],
    [
      'a server that is no text',
      '{"kind":"slidebox/config","version":1,"server":8080}',
      /not an address/,
    ],
  ];
  it.each(damaged)(
    'a file with %s is moved aside with one sentence; the defaults apply',
    (_, text, why) => {
      const dir = tmp();
      writeFileSync(configPath(dir), text);
      const r = loadConfig(dir);
      expect(r.config).toEqual({});
      expect(r.notices).toHaveLength(1);
      expect(r.notices[0]).toMatch(why);
      expect(r.notices[0]).toMatch(/moved to .*config\.json\.corrupt-.* and the defaults apply/);
      // Nothing lost: the old file is kept, byte for byte.
      const [aside] = asides(dir);
      expect(readFileSync(join(dir, aside!), 'utf8')).toBe(text);
      expect(loadConfig(dir)).toEqual({ config: {}, notices: [] });
    },
  );

  it('a setting written over a damaged file sets the file aside first and says so', () => {
    const dir = tmp();
    writeFileSync(configPath(dir), 'not json');
    const r = updateConfig(dir, (c) => ({ ...c, submit: 'always' }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.notices[0]).toMatch(/could not be read \(it is not valid JSON/);
    expect(asides(dir)).toHaveLength(1);
    expect(loadConfig(dir).config).toEqual({ submit: 'always' });
  });

  it('a folder that cannot be written gives a sentence, not a throw', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'file'), 'x');
    const r = updateConfig(join(dir, 'file'), (c) => ({ ...c, submit: 'always' }));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error.message).toMatch(
        /^Could not save your settings: .*file is a file, not a folder\.$/,
      );
  });

  it('parseConfigFile takes only the shapes it writes', () => {
    expect(parseConfigFile({ kind: 'slidebox/config', version: 1 }).ok).toBe(true);
    expect(parseConfigFile({ kind: 'slidebox/config', version: 1.5 }).ok).toBe(false);
    expect(
      parseConfigFile({ kind: 'slidebox/config', version: 1, server: 'x'.repeat(3000) }).ok,
    ).toBe(false);
    expect(parseConfigFile(null).ok).toBe(false);
  });
});
