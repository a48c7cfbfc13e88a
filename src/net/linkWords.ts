/**
 * The words every client of a networked game (rooms and ranked games; terminal, line mode and
 * web alike) uses for the state of its connection and of the actions it sent: said once here.
 * Fragments, lower case first: each front-end makes them sentences its own way.
 */

/** How long an action may go unanswered before the screen says it waits for the server (ms). */
export const WAITING_AFTER_MS = 500;

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
