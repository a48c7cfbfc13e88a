import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/tempDir.ts';
import { fileInPath, fitPath, fsCause, isPermission, tildePath } from './fsProblems.ts';

/** An error as Node's fs functions throw them: code, and a message with the code and path. */
const fsError = (code: string, words: string, path = '/data/x.json') =>
  Object.assign(new Error(`${code}: ${words}, open '${path}'`), { code, path });

describe('fsCause', () => {
  it.each([
    ['EACCES', 'permission denied', 'permission denied'],
    ['EPERM', 'operation not permitted', 'the operation is not permitted'],
    ['EROFS', 'read-only file system', 'the file system is read-only'],
    ['ENOSPC', 'no space left on device', 'the disk is full'],
    ['EISDIR', 'illegal operation on a directory', 'it is a folder'],
    ['ENOTDIR', 'not a directory', 'part of its path is a file, not a folder'],
    ['EIO', 'i/o error', 'the disk could not be read or written (input/output error)'],
  ])('%s is "%s" in words', (code, words, cause) => {
    expect(fsCause(fsError(code, words))).toBe(cause);
  });

  it('an unknown code keeps only the words of the message: no code, no quoted path', () => {
    expect(fsCause(fsError('EWEIRD', 'something odd happened'))).toBe('something odd happened');
    expect(fsCause(new Error('plain words.'))).toBe('plain words');
    expect(fsCause(Object.assign(new Error(''), { code: 'EXYZ' }))).toBe('error EXYZ');
  });

  it('names no path and nests no raw error text', () => {
    for (const code of ['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EWEIRD']) {
      const cause = fsCause(fsError(code, 'words', '/secret/place.json'));
      expect(cause).not.toContain('/secret');
      expect(cause).not.toContain(code);
      expect(cause).not.toMatch(/[()']/);
    }
  });

  it('tells permission apart from damage', () => {
    expect(isPermission(fsError('EACCES', 'permission denied'))).toBe(true);
    expect(isPermission(fsError('EPERM', 'operation not permitted'))).toBe(true);
    expect(isPermission(fsError('EIO', 'i/o error'))).toBe(false);
    expect(isPermission(new SyntaxError('bad json'))).toBe(false);
  });
});

describe('fileInPath', () => {
  it('finds the file where a folder should be: the folder itself or one above it', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'file'), 'x');
    expect(fileInPath(join(dir, 'file'))).toBe(join(dir, 'file'));
    expect(fileInPath(join(dir, 'file', 'a', 'b'))).toBe(join(dir, 'file'));
  });

  it('is null for a folder, or one that can be made', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    expect(fileInPath(dir)).toBeNull();
    expect(fileInPath(join(dir, 'sub'))).toBeNull();
    expect(fileInPath(join(dir, 'new', 'deeper'))).toBeNull();
  });
});

describe('fitPath', () => {
  const say = (p: string) => `Cannot read ${p}: permission denied.`;

  it('writes the home folder as ~', () => {
    expect(tildePath('/home/ann/.local/share/slidebox/x.json', '/home/ann')).toBe(
      '~/.local/share/slidebox/x.json',
    );
    expect(tildePath('/home/anna/x.json', '/home/ann')).toBe('/home/anna/x.json');
    expect(tildePath('/x.json', '/')).toBe('/x.json');
  });

  it('keeps the whole path when the sentence fits', () => {
    const line = fitPath(say, '/home/ann/.local/share/slidebox/2048-4x4.json', 80, '/home/ann');
    expect(line).toBe('Cannot read ~/.local/share/slidebox/2048-4x4.json: permission denied.');
  });

  it('drops leading folders, then shortens the base name, to fit the width', () => {
    const path = '/tmp/slidebox-e2e-AbCdEf/deep/folder/names/here/and/more/2048-4x4.json';
    const line = fitPath(say, path, 80, '/h');
    expect([...line].length).toBeLessThanOrEqual(80);
    expect(line).toMatch(/^Cannot read …\/.*2048-4x4\.json: permission denied\.$/);

    const long = `/d/${'n'.repeat(100)}.json`;
    const cut = fitPath(say, long, 80, '/h');
    expect([...cut].length).toBe(80);
    expect(cut).toMatch(/^Cannot read …n+\.json: permission denied\.$/);
  });
});
