import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPlayerKey, newPlayerKey } from '../net/api.ts';
import { testPlayerKey } from '../testing/games.ts';
import { tempDir } from '../testing/tempDir.ts';
import { ensurePlayer, loadPlayer, playerPath, rescuePlayer, setPlayerName } from './player.ts';

const tmp = () => tempDir('slidebox-player-');
const mode = (path: string) => statSync(path).mode & 0o777;
const asides = (dir: string) =>
  readdirSync(dir).filter((f) => f.startsWith('player.json.corrupt-'));
const KEY = testPlayerKey(1);

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('the player file', () => {
  it('is made on first use with a random key, readable by its owner only, and kept', () => {
    const dir = tmp();
    expect(loadPlayer(dir)).toEqual({ player: null, notices: [] });
    const first = unwrap(ensurePlayer(dir, newPlayerKey));
    expect(isPlayerKey(first.player.key)).toBe(true);
    expect(first.player.name).toBeNull();
    expect(mode(playerPath(dir))).toBe(0o600);
    // The same player from then on; another key is never made.
    const again = unwrap(ensurePlayer(dir, () => 'never-used'));
    expect(again.player).toEqual(first.player);
    expect(loadPlayer(dir).player).toEqual(first.player);
    expect(readdirSync(dir)).toEqual(['player.json']);
  });

  it('keeps the name, trimmed as the boards take it, under the same key', () => {
    const dir = tmp();
    const made = unwrap(ensurePlayer(dir, () => KEY));
    const named = unwrap(setPlayerName(dir, 'Ada', () => 'never-used'));
    expect(named.player).toEqual({ key: made.player.key, name: 'Ada' });
    expect(JSON.parse(readFileSync(playerPath(dir), 'utf8'))).toEqual({
      kind: 'slidebox/player',
      version: 1,
      key: KEY,
      name: 'Ada',
    });
    expect(mode(playerPath(dir))).toBe(0o600);
  });

  it('a name set before any key makes the player', () => {
    const dir = tmp();
    expect(unwrap(setPlayerName(dir, 'Zoë', () => KEY)).player).toEqual({ key: KEY, name: 'Zoë' });
  });

  it('a file others can read is made private again', () => {
    const dir = tmp();
    unwrap(ensurePlayer(dir, () => KEY));
    chmodSync(playerPath(dir), 0o644);
    expect(loadPlayer(dir).player?.key).toBe(KEY);
    expect(mode(playerPath(dir))).toBe(0o600);
  });

  it('a damaged file whose key can still be read is set aside and the key kept', () => {
    const dir = tmp();
    const text = `{"kind":"slidebox/player","version":1,"key":"${KEY}","name":"Ada"`;
    writeFileSync(playerPath(dir), text);
    const r = loadPlayer(dir);
    expect(r.player).toEqual({ key: KEY, name: 'Ada' });
    expect(r.notices).toHaveLength(1);
    expect(r.notices[0]).toMatch(
      /^Your player file .*player\.json could not be read \(it is not valid JSON: truncated or garbled\); it was moved to .*player\.json\.corrupt-.* and your player key was rescued from it\.$/,
    );
    // Nothing lost: the damaged file is kept as it was, and the key is saved again.
    expect(readFileSync(join(dir, asides(dir)[0]!), 'utf8')).toBe(text);
    expect(loadPlayer(dir)).toEqual({ player: { key: KEY, name: 'Ada' }, notices: [] });
    expect(mode(playerPath(dir))).toBe(0o600);
  });

  it('a damaged file with no key left is set aside; the next submission makes a new key', () => {
    const dir = tmp();
    writeFileSync(playerPath(dir), '\u0000\u0000garbage');
    const r = loadPlayer(dir);
    expect(r.player).toBeNull();
    expect(r.notices[0]).toMatch(/a new player key will be made when you next submit a game/);
    expect(asides(dir)).toHaveLength(1);
    const made = unwrap(ensurePlayer(dir, () => KEY));
    expect(made.player).toEqual({ key: KEY, name: null });
  });

  const refused: [string, unknown, RegExp][] = [
    [
      'another kind',
      { kind: 'slidebox/config', version: 1, key: KEY },
      /not a slidebox player file/,
    ],
    ['a newer format', { kind: 'slidebox/player', version: 2, key: KEY }, /newer slidebox/],
    [
      'a short key',
      { kind: 'slidebox/player', version: 1, key: 'abc' },
      /key is missing or malformed/,
    ],
    [
      'a name with an escape sequence',
      { kind: 'slidebox/player', version: 1, key: KEY, name: 'x\u001b[2J' },
      /its name is not one the boards take/,
    ],
  ];
  it.each(refused)('a file with %s is set aside with the reason', (_, data, why) => {
    const dir = tmp();
    writeFileSync(playerPath(dir), JSON.stringify(data));
    const r = loadPlayer(dir);
    expect(r.notices[0]).toMatch(why);
    expect(asides(dir)).toHaveLength(1);
  });

  it('ensurePlayer on a damaged file says so and goes on with the rescued key', () => {
    const dir = tmp();
    writeFileSync(playerPath(dir), `{"key": "${KEY}", "name": 12`);
    const r = unwrap(ensurePlayer(dir, () => 'never-used'));
    expect(r.player).toEqual({ key: KEY, name: null });
    expect(r.notices).toHaveLength(1);
  });

  it('rescuePlayer reads a key and a good name from broken text only', () => {
    expect(rescuePlayer(`"key":"${KEY}","name":"A\\"b"`)).toEqual({ key: KEY, name: 'A"b' });
    expect(rescuePlayer(`"key":"${KEY}","name":"\\u001b[31m"`)).toEqual({ key: KEY, name: null });
    expect(rescuePlayer('"key":"short"')).toBeNull();
    expect(rescuePlayer('')).toBeNull();
  });

  it('a player file that cannot be written gives a sentence', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'file'), 'x');
    const r = ensurePlayer(join(dir, 'file'), () => KEY);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^Could not save your player file/);
  });
});
