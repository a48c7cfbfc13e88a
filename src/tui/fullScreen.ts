/**
 * Whether a game can take the whole screen here: stdin and stdout are terminals, and the
 * terminal can move the cursor (TERM=dumb cannot: an editor's shell, a serial line). Such a
 * terminal gets line mode, with one sentence saying why.
 */

/** The sentence a terminal that cannot move the cursor gets, on stderr, once. */
export const DUMB_TERMINAL =
  'This terminal (TERM=dumb) cannot draw the full screen: line mode (as --plain).';

interface Ends {
  readonly env: NodeJS.ProcessEnv;
  readonly stdin: { readonly isTTY?: boolean };
  readonly stdout: { readonly isTTY?: boolean };
  readonly stderr: { write(s: string): unknown };
}

/** True for the full screen; false for line mode (`plain`, a pipe, or TERM=dumb, said so). */
export function fullScreenHere(plain: boolean, ends: Ends = process): boolean {
  if (plain || ends.stdin.isTTY !== true || ends.stdout.isTTY !== true) return false;
  if (ends.env.TERM === 'dumb') {
    ends.stderr.write(`${DUMB_TERMINAL}\n`);
    return false;
  }
  return true;
}
