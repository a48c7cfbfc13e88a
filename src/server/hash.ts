/** The one hash of the server's rows: SHA-256 as hex (codes, tokens, player keys, seats). */
import { createHash } from 'node:crypto';

/** SHA-256 of a text, as 64 hex digits. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
