/**
 * An online match's two seats as a screen shows them: the players' names, and which side is
 * yours (null when watching). Your own side is called "You", as against the AI.
 */
export interface OnlineSeats {
  readonly names: readonly [string, string];
  readonly you: 0 | 1 | null;
}

/** The names on screen: yours as "You". */
export function seatNames(o: OnlineSeats): readonly [string, string] {
  return [o.you === 0 ? 'You' : o.names[0], o.you === 1 ? 'You' : o.names[1]];
}
