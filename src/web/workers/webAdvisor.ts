/**
 * The 2048 AI for the web screens (2048, versus, duel): a Web Worker, so the page keeps
 * drawing while it thinks, and the placer AI, in its own chunk loaded on first use.
 */
import type { Placer } from '../../engine/spawn.ts';
import type { Advisor, PlacerAi } from '../../front/ports.ts';
import { createAiClient } from './clients.ts';

/** The AI in a Web Worker; which build answered (wasm or js) is shown on the page's root. */
export async function webAdvisor(): Promise<Advisor> {
  const client = createAiClient();
  return {
    async bestMove(cells, purpose, signal) {
      const dir = await client.bestMove(cells, purpose, signal);
      if (client.engine) document.documentElement.dataset.aiEngine = client.engine;
      return dir;
    },
    close: () => client.close(),
  };
}

async function loadPlacer() {
  return (await import('../../solvers/ai2048/placer.ts')).choosePlacement;
}

/**
 * The placer AI as the engine's spawn rule (evil 2048). It runs on the page's thread: a
 * decision takes a few milliseconds on 4×4 (`npm run bench:ai -- --placer 200` measures it),
 * and the engine's move needs the answer at once.
 */
export async function webPlacer(): Promise<Placer> {
  return loadPlacer();
}

/** The placer AI for a duel, on the page's thread like {@link webPlacer}. */
export async function webPlacerAi(): Promise<PlacerAi> {
  const choose = await loadPlacer();
  return { choose: async (cells) => choose(cells), close() {} };
}
