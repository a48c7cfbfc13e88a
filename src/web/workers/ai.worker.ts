/**
 * The 2048 AI's Web Worker: answers move requests (see protocol.ts and aiHandler.ts) so the page
 * keeps animating while the AI thinks.
 */
import { createAiHandler } from './aiHandler.ts';
import type { AiWorkerReply } from './protocol.ts';

interface WorkerScope {
  onmessage: ((e: MessageEvent) => void) | null;
  postMessage(msg: AiWorkerReply): void;
}
const scope = self as unknown as WorkerScope;

const handle = createAiHandler({
  post: (reply) => scope.postMessage(reply),
  later: (task) => setTimeout(task, 0),
});
scope.onmessage = (e) => handle(e.data);
