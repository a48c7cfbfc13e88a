/** Standard output whose reader went away (`slidebox --plain | head -1`). */

/** Makes a closed reader end the process quietly (exit 0) instead of with an EPIPE trace. */
export function quietOnClosedPipe(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}
