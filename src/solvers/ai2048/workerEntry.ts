/**
 * Entry of the Node AI worker (bundled as dist/ai-worker.js): answers requests from
 * {@link AiWorker} and the benchmark, one at a time.
 */
import { parentPort } from 'node:worker_threads';
import { type AiRequest, answerAiRequest } from './protocol.ts';

const port = parentPort;
if (port) {
  port.on('message', (req: AiRequest) => {
    port.postMessage(answerAiRequest(req, (p) => port.postMessage(p)));
  });
}
