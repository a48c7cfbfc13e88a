/**
 * Sharing a finished game: a link to this app that replays it (`#replay=CODE`), handed to the
 * Web Share API where the browser has it, else copied to the clipboard, else shown to copy by
 * hand. The share code itself is made by the engine, loaded only when a player shares.
 */
import type { Problem, Result } from '../../engine/result.ts';
import type { Shared } from '../../engine/shareCode.ts';

/** The link that replays a code in this app (wherever it is served from). */
export function replayLink(code: string): string {
  return `${location.origin}${location.pathname}#replay=${code}`;
}

/** What the player is told after each way of sharing. */
interface Said {
  readonly shared: string;
  readonly copied: string;
  /** When neither works (the clipboard refused): says so; the text to copy by hand follows. */
  readonly byHand: string;
}

/**
 * Hands `data` to the Web Share API where the browser has it, else copies `text` to the
 * clipboard, else shows it to copy by hand; resolves with the sentence to show.
 */
async function shareOrCopy(data: ShareData, text: string, said: Said): Promise<string> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share(data);
      return said.shared;
    } catch (e) {
      if ((e as Error).name === 'AbortError') return 'Not shared.';
      // No share target (or not allowed here): the clipboard instead.
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return said.copied;
  } catch {
    return `${said.byHand} ${text}`;
  }
}

/** Shares the replay of a code; resolves with the sentence to show the player. */
export function shareReplay(code: string, title: string): Promise<string> {
  const url = replayLink(code);
  return shareOrCopy({ title, url }, url, {
    shared: 'Shared: whoever opens the link watches this game.',
    copied: 'Link copied: whoever opens it watches this game.',
    byHand:
      'The browser did not let this page copy the link; to share the game, copy it from here:',
  });
}

type ShareCodes = typeof import('../../engine/shareCode.ts');

/**
 * A game's share code: `make` picks the game out with the engine's share-code module (loaded
 * now). Resolves with the code, or with the sentence saying why there is none.
 */
export async function gameCode(
  make: (codes: ShareCodes) => Result<Shared, Problem>,
): Promise<{ readonly code: string } | { readonly problem: string }> {
  const codes = await import('../../engine/shareCode.ts');
  const s = make(codes);
  if (!s.ok) return { problem: `${s.error.message[0]!.toUpperCase()}${s.error.message.slice(1)}.` };
  return { code: codes.encodeShared(s.value) };
}

/** Shares a game (see {@link gameCode}); resolves with the sentence to show the player. */
export async function shareGame(
  make: (codes: ShareCodes) => Result<Shared, Problem>,
  title: string,
): Promise<string> {
  const c = await gameCode(make);
  return 'code' in c ? shareReplay(c.code, title) : c.problem;
}

/** Shares a result line with the link that replays its game; resolves with the sentence. */
export function shareResult(line: string, code: string | undefined): Promise<string> {
  const url = code ? replayLink(code) : undefined;
  const text = url ? `${line}\n${url}` : line;
  return shareOrCopy({ text: line, ...(url ? { url } : {}) }, text, {
    shared: 'Shared.',
    copied: 'Result copied.',
    byHand: 'The browser did not let this page copy the result; to share it, copy it from here:',
  });
}
