/**
 * The seeds the server deals from (ranked games, online rooms and their rematches): 128 random
 * bits from node:crypto as a long seed, so the engine deals their tiles through ChaCha20. Its
 * output does not give its key away, so the tiles a player sees tell nothing of those to come;
 * finding the seed from them means searching 2^128 keys.
 */
import { randomBytes } from 'node:crypto';

/** A fresh long seed: 16 bytes from node:crypto as 32 lowercase hex digits. */
export function dealSeed(): string {
  return randomBytes(16).toString('hex');
}
