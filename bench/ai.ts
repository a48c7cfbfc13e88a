// `npm run bench:ai`: the AI benchmark (`slidebox bench ai`) as a script; bundled to dist/bench-ai.js.
import { main } from '../src/cli/benchAi.ts';

process.exitCode = await main(process.argv.slice(2));
