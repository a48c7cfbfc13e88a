/**
 * The 2048 AI's Web Worker: answers best-move requests (see protocol.ts) so the page keeps
 * animating while the AI thinks. Each request is started on a later task, so a cancel sent
 * right after it (the game moved on) is seen first and the work is skipped.
 */
import { aiEngine, bestMove } from './aiBackend.ts';
import { type AiReply, parseAiRequest } from './protocol.ts';

interface WorkerScope {
  onmessage: ((e: MessageEvent) => void) | null;
  postMessage(msg: AiReply): void;
}
const scope = self as unknown as WorkerScope;

/** Requests not yet answered; a cancel removes its id. */
const pending = new Set<number>();

scope.onmessage = (e) => {
  const req = parseAiRequest(e.data);
  if (!req) {
    const id = (e.data as { id?: unknown } | null)?.id;
    scope.postMessage({
      type: 'error',
      id: typeof id === 'number' ? id : -1,
      message: 'the AI worker received a malformed request',
    });
    return;
  }
  if (req.type === 'cancel') {
    pending.delete(req.id);
    return;
  }
  pending.add(req.id);
  setTimeout(() => {
    if (!pending.delete(req.id)) return;
    try {
      const dir = bestMove(req.cells, req.purpose);
      scope.postMessage({ type: 'move', id: req.id, dir, engine: aiEngine() });
    } catch (err) {
      scope.postMessage({ type: 'error', id: req.id, message: (err as Error).message });
    }
  }, 0);
};
