/**
 * Whether the game a player leaves is the one on disk: the stores' saves are watched, so that
 * the line printed on quitting claims a save only when the last one was written, and the exit
 * status says when it was not. Also the command that resumes a game, for that line.
 */
import type { Result } from '../engine/result.ts';
import type { Store2048, StoreDuel, StorePuzzle, StoreVersus } from '../front/ports.ts';
import { saveFailure } from '../storage/saves.ts';

export class SaveWatch {
  private keptNow: boolean;
  private why: string | null;
  /** Some position of the game is on disk (it was resumed, or a save was written). */
  private someKept: boolean;

  /**
   * `kept`: the game starts as it is on disk (resumed, or its first save written); else `why`
   * is the sentence saying why it is not.
   */
  constructor(kept: boolean, why: string | null = null) {
    this.keptNow = kept;
    this.someKept = kept;
    this.why = kept ? null : why;
  }

  /** The last save was written (or none was needed). */
  get kept(): boolean {
    return this.keptNow;
  }

  /** Why the game on screen is not on disk (a sentence), or null. */
  get problem(): string | null {
    return this.why;
  }

  /** Takes a save's outcome; returns it. */
  note<R extends Result<unknown>>(r: R): R {
    this.keptNow = r.ok;
    this.someKept ||= r.ok;
    this.why = r.ok ? null : r.error.message;
    return r;
  }

  /** The store with its saves watched. */
  store2048(s: Store2048): Store2048 {
    return { ...s, save: (...a) => this.note(s.save(...a)) };
  }

  storePuzzle(s: StorePuzzle): StorePuzzle {
    return { ...s, save: (...a) => this.note(s.save(...a)) };
  }

  storeVersus(s: StoreVersus): StoreVersus {
    const save = s.saveMatch;
    return save ? { ...s, saveMatch: (m) => this.note(save(m)) } : s;
  }

  storeDuel(s: StoreDuel): StoreDuel {
    const save = s.saveDuel;
    return save ? { ...s, saveDuel: (m) => this.note(save(m)) } : s;
  }

  /**
   * The lines for a game that was not kept: why, then what was lost (`what`: "Score 12 · 3
   * moves"; `game`: "game", "puzzle", "match"). Empty when it was kept.
   */
  lostLines(what: string | null, game = 'game'): string[] {
    if (this.keptNow) return [];
    const why = this.why ?? `Could not save the ${game}.`;
    // An earlier position is on disk: say which part was lost.
    const lost = this.someKept
      ? `the latest moves were not kept (the saved ${game} is an earlier position).`
      : `this ${game} was not kept.`;
    return [why, what ? `${what} — ${lost}` : `${lost[0]!.toUpperCase()}${lost.slice(1)}`];
  }

  /**
   * Ends a game: when it was not kept, says so on `error` and makes the exit status 1 (at
   * least). Returns the exit status.
   */
  leave(
    code: number,
    error: { write(s: string): unknown },
    what: string | null = null,
    game = 'game',
  ): number {
    const lines = this.lostLines(what, game);
    for (const l of lines) error.write(`${l}\n`);
    return lines.length > 0 ? Math.max(code, 1) : code;
  }
}

/**
 * Saves a new game at once, so that it resumes next time; a failure becomes a notice (`game`:
 * "game", "puzzle", "match"). The watch of the game's saves starts from it.
 */
export function saveFirst(
  dataDir: string,
  notices: string[],
  save: () => void,
  game = 'game',
): SaveWatch {
  try {
    save();
    return new SaveWatch(true);
  } catch (e) {
    const why = saveFailure(e, dataDir, `save the ${game}`);
    notices.push(why);
    return new SaveWatch(false, why);
  }
}

/** A word that the shell takes as it is: quoted when it holds anything but safe characters. */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command that resumes a saved game: `slidebox --size 3`, `slidebox puzzle --size 8`,
 * `slidebox --spawns evil`, with `--data-dir` as given when it was.
 */
export function resumeCommand(
  command: '2048' | 'puzzle' | 'versus' | 'duel' | 'daily 2048' | 'daily puzzle',
  o: { readonly size?: number; readonly evil?: boolean; readonly dataDir?: string },
): string {
  const words = ['slidebox'];
  if (command !== '2048') words.push(command);
  if ((command === '2048' || command === 'puzzle') && o.size !== undefined && o.size !== 4) {
    words.push('--size', String(o.size));
  }
  if (command === '2048' && o.evil) words.push('--spawns', 'evil');
  if (o.dataDir !== undefined) words.push('--data-dir', shellWord(o.dataDir));
  return words.join(' ');
}
