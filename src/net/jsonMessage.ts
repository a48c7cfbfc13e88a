/**
 * The first step of reading a socket message from an untrusted side (rooms.ts, ranked.ts): its
 * text as a JSON object, with a check that it has no keys but the protocol's.
 */

/** A message's JSON object, and whether its keys are all among `keys`. */
export interface JsonMessage {
  readonly m: Readonly<Record<string, unknown>>;
  only(...keys: string[]): boolean;
}

/** `text` as a JSON object, or null when it is not JSON or not an object (an array, null, …). */
export function jsonMessage(text: string): JsonMessage | null {
  let x: unknown;
  try {
    x = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof x !== 'object' || x === null || Array.isArray(x)) return null;
  const m = x as Record<string, unknown>;
  return { m, only: (...keys) => Object.keys(m).every((k) => keys.includes(k)) };
}
