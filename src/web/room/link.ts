/**
 * Room links: the link that opens a room in this app (`…#room=CODE`, wherever the app is
 * served from), and a room's code read from the page's address or from what a player typed
 * or pasted (a code, in any case, with spaces or dashes, or a whole link).
 */
import { ROOM_ALPHABET, ROOM_CODE_LENGTH, readRoomCode } from '../../net/rooms.ts';

/** The link that opens room `code` in the app at `page` (the page's address by default). */
export function roomLink(code: string, page: string = location.href): string {
  const u = new URL(page);
  return `${u.origin}${u.pathname}#room=${code}`;
}

/** The room an address's hash names (`#room=CODE`): its code, or a sentence saying why not. */
export function roomOfHash(hash: string): { code: string } | { problem: string } {
  const read = readRoomCode(hash.startsWith('#') ? hash : `#${hash}`);
  return read.ok
    ? { code: read.value }
    : { problem: `This link does not name a room: ${read.error.message}.` };
}

/**
 * The room a player typed or pasted: its code, or a sentence saying why it is not one. Seven
 * letters and digits with some no code uses (look-alikes such as 8 and B) are no room: said so,
 * with the characters that gave it away.
 */
export function roomOfInput(text: string): { code: string } | { problem: string } {
  if (text.trim() === '') return { problem: 'Type or paste a room code or link first.' };
  const read = readRoomCode(text.trim());
  if (read.ok) return { code: read.value };
  const typed = text.trim().toUpperCase().replace(/[\s-]/g, '');
  if (typed.length === ROOM_CODE_LENGTH && /^[A-Z0-9]+$/.test(typed)) {
    const never = [...new Set([...typed].filter((c) => !ROOM_ALPHABET.includes(c)))];
    return { problem: `No room has the code ${typed} (room codes have no ${orList(never)}).` };
  }
  return { problem: `“${text.trim().slice(0, 40)}” is not a room: ${read.error.message}.` };
}

/** "8", "8 or B", "0, 8 or B". */
function orList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}
