/** The one hash of the server's rows: SHA-256 as hex (codes, tokens, player keys, seats). */
import { createHash } from 'node:crypto';

/** SHA-256 of a text, as 64 hex digits. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** SHA-256 of texts and bytes taken one after another, as 64 hex digits. */
export function sha256Of(...parts: readonly (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
}
