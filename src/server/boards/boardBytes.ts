/**
 * A leaderboard answer as bytes made once: the page of a board kept in memory (scores.ts) is
 * made JSON once per way it is shown (its board name, source, codes hidden or not), with a
 * strong ETag; the reader's own line is spliced in as a small JSON object of its own. The bytes
 * are exactly `JSON.stringify` of the answer `{ board, source, entries, you }` (src/net/api.ts
 * Leaderboard).
 */
import { createHash } from 'node:crypto';
import type { BoardEntry, BoardName, BoardSource } from '../../net/api.ts';

/** One way a page is shown: what the answer's bytes depend on besides the page and reader. */
export interface PageView {
  readonly board: BoardName;
  readonly source: BoardSource;
  /** The codes are hidden (null): a ranked daily while its day lasts. */
  readonly hide: boolean;
}

/** An answer ready to send: its bytes and strong ETag. */
export interface BoardBytes {
  readonly body: Buffer;
  readonly etag: string;
}

interface PageBytes {
  /** `{"board":…,"source":…,"entries":[…],"you":` */
  readonly head: Buffer;
  /** The answer without a reader's line (`"you":null`). */
  readonly bare: BoardBytes;
  /** The head's hash, the first part of every ETag of this page. */
  readonly tag: string;
}

const hash = (b: Buffer | string) => createHash('sha1').update(b).digest('base64url');
const TAIL = Buffer.from('}');
const NULL_TAIL = Buffer.from('null}');

/** The entry as shown: its code null when the view hides codes. */
const shown = (e: BoardEntry, hide: boolean): BoardEntry => (hide ? { ...e, code: null } : e);

/**
 * The bytes of the pages read lately: kept by page (the same array while scores.ts keeps the
 * page, a new one when it reads the page afresh), so they go when the page goes.
 */
export class BoardBytesCache {
  private readonly made = new WeakMap<readonly BoardEntry[], Map<string, PageBytes>>();

  /** The answer for `entries` shown as `view`, with the reader's own line `you` (or none). */
  answer(entries: readonly BoardEntry[], view: PageView, you: BoardEntry | null): BoardBytes {
    const page = this.page(entries, view);
    if (you === null) return page.bare;
    const line = Buffer.from(JSON.stringify(shown(you, view.hide)));
    return {
      body: Buffer.concat([page.head, line, TAIL]),
      etag: `"${page.tag}.${hash(line)}"`,
    };
  }

  private page(entries: readonly BoardEntry[], view: PageView): PageBytes {
    let views = this.made.get(entries);
    if (views === undefined) {
      views = new Map();
      this.made.set(entries, views);
    }
    const key = `${view.board} ${view.source} ${view.hide}`;
    const kept = views.get(key);
    if (kept !== undefined) return kept;
    const lines = view.hide ? entries.map((e) => shown(e, true)) : entries;
    const head = Buffer.from(
      `{"board":${JSON.stringify(view.board)},"source":${JSON.stringify(view.source)},"entries":${JSON.stringify(lines)},"you":`,
    );
    const tag = hash(head);
    const made: PageBytes = {
      head,
      tag,
      bare: { body: Buffer.concat([head, NULL_TAIL]), etag: `"${tag}"` },
    };
    views.set(key, made);
    return made;
  }
}

/** Whether an `If-None-Match` header names `etag` (or is `*`): then the answer is a 304. */
export function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  for (const part of ifNoneMatch.split(',')) {
    const t = part.trim();
    if (t === '*' || t === etag || t === `W/${etag}`) return true;
  }
  return false;
}
