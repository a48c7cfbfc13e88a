/**
 * Where the history's late sentences go. A finished game is written to the browser's database
 * after the game's store has answered (historyPending.ts), so a failure found then cannot be
 * returned to the game: it is handed to the listener the app sets here (which says it at once to
 * screen readers and shows it on the next screen). Tiny on purpose: the app loads it at start.
 */
let listener: ((text: string) => void) | null = null;

/** Sets who hears the history's sentences (the app, once). */
export function onHistoryNotice(fn: (text: string) => void): void {
  listener = fn;
}

/** Hands a sentence about the history to the app. */
export function sayHistoryNotice(text: string): void {
  listener?.(text);
}
