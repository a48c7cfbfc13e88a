/**
 * The words every client of a networked game (rooms and ranked games; terminal, line mode and
 * web alike) uses for the state of its connection and of the actions it sent: said once here.
 * Fragments, lower case first: each front-end makes them sentences its own way.
 */

/** How long an action may go unanswered before the screen says it waits for the server (ms). */
export const WAITING_AFTER_MS = 500;

/** How many actions wait, said after another sentence on a narrow line: "(3 waiting)". */
export function waitingCount(n: number): string {
  return `(${n} waiting)`;
}

/** The line under a board while actions wait for the server's answer: `n` of them. */
export function waitingSentence(n: number): string {
  return `waiting for the server (${n})`;
}

/** The mark on a move drawn before the server took it. */
export const PENDING_MARK = 'pending';

/** A connection whose server has said nothing for a while (the socket is still open). */
export const NOT_ANSWERING_SENTENCE =
  'the server is not answering: your keys do nothing until it does';

/** What a seat's state is while the server does not answer: nobody can tell. */
export const SEAT_NOT_ANSWERING = 'not answering';

/** A key refused while the server does not answer. */
export const NOT_SENT_NOT_ANSWERING = 'not sent: the server is not answering';

/** The connection dropped after it was open, while the client connects again. */
export const DROPPED_SENTENCE = 'the connection dropped: reconnecting…';

/** What keys do meanwhile, said to a player (a watcher has no keys to tell of). */
export const KEYS_WAIT_SENTENCE = 'your keys do nothing until it is back';

/**
 * A game taken on after the server failed (it was killed or stopped, or another process took
 * the game over): where it goes on, and how much time the server left out of the clock.
 */
export function interruptedSentence(leftOutMs: number): string {
  const s = (leftOutMs / 1000).toFixed(1);
  // At most 80 columns as a sentence (the terminal's notice line).
  return `the server failed; you go on from your last answered move (${s} s not timed)`;
}

/**
 * A room whose server process went away while the client was connected, the match taken on by
 * another (or the same server started again): said once, to players and watchers alike.
 */
export const SERVER_CHANGED_SENTENCE =
  'the server changed: the match goes on where its last answered move left it';

/** A key refused while the connection is down (front-ends add how they show it reconnecting). */
export const NOT_SENT_DROPPED = 'not sent: the connection dropped';

/** A room's seat opened by another client (the server closed this one's connection). */
export const SEAT_ELSEWHERE = 'this seat is now played in another window or tab';

/** A ranked game opened by another client (the server closed this one's connection). */
export const GAME_ELSEWHERE = 'this game is now played in another window or tab';

/**
 * Why a networked game's input does not reach the server now, whatever the game: connecting,
 * not answering, reconnecting, played elsewhere (`replaced`), or closed; null while it does.
 * Every front-end holds its input on this, and says its sentence.
 */
export type Hold = 'connecting' | 'not-answering' | 'reconnecting' | 'replaced' | 'closed';

/** The hold of a client's view (a room's or a ranked game's: their statuses are the same). */
export function holdOf(v: {
  readonly status: 'connecting' | 'open' | 'not-answering' | 'reconnecting' | 'closed';
  readonly closed?: string | null;
}): Hold | null {
  if (v.status === 'closed' && v.closed === 'replaced') return 'replaced';
  return v.status === 'open' ? null : v.status;
}

/** A fragment with a capital first: "The server is not answering". */
export function capital(text: string): string {
  return text === '' ? text : text[0]!.toUpperCase() + text.slice(1);
}

/** A fragment as a sentence: a capital first and a stop ("The match is over."). */
export function asSentence(text: string): string {
  const s = capital(text.trim());
  return s === '' || /[.!?…]$/.test(s) ? s : `${s}.`;
}
