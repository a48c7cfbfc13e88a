/**
 * What the 2048 AI's Web Worker does with each message, apart from the worker itself so that
 * it is tested without one. Move requests are answered by the AI's own `answerAiRequest` (as in
 * the Node worker threads), each on a later task, so a cancel sent right after it (the game
 * moved on) is seen first and the work is skipped. An analysis of a shared game (job2048.ts)
 * is started the same way, reports its progress, and is stopped by ending the worker.
 */
import { searchBackend } from '../../solvers/ai2048/player.ts';
import { answerAiRequest } from '../../solvers/ai2048/protocol.ts';
import { run2048Job } from './job2048.ts';
import {
  type AiEngine,
  type AiWorkerReply,
  ANALYSING,
  MALFORMED_AI_REQUEST,
  parseAiRequest,
} from './protocol.ts';

export interface AiHandlerDeps {
  post(reply: AiWorkerReply): void;
  /** Runs `task` on a later task (setTimeout 0 in the worker). */
  later(task: () => void): void;
  /** The build of the search that answers here. */
  engine?(): AiEngine;
}

/** The worker's message handler: give it each message's data. */
export function createAiHandler(deps: AiHandlerDeps): (data: unknown) => void {
  const engine = deps.engine ?? searchBackend;
  /** Requests not yet answered; a cancel removes its id. */
  const pending = new Set<number>();
  return (data) => {
    const req = parseAiRequest(data);
    if (!req) {
      const id = (data as { id?: unknown } | null)?.id;
      deps.post({
        type: 'error',
        id: typeof id === 'number' ? id : -1,
        name: 'Error',
        code: 'bad-request',
        message: MALFORMED_AI_REQUEST,
      });
      return;
    }
    if (req.type === 'cancel') {
      pending.delete(req.id);
      return;
    }
    pending.add(req.id);
    if (req.type === 'analyse') {
      const id = req.id;
      deps.later(() => {
        if (!pending.delete(id)) return;
        run2048Job(req.code, {
          progress: (done, total) =>
            deps.post({ type: 'progress', id, stage: ANALYSING, done, total }),
          done: (analysis) => deps.post({ type: 'analysis', id, analysis }),
          fail: (message) =>
            deps.post({ type: 'error', id, name: 'Error', code: 'not-analysed', message }),
        });
      });
      return;
    }
    deps.later(() => {
      if (!pending.delete(req.id)) return;
      const reply = answerAiRequest(req);
      if (reply.type === 'move') deps.post({ ...reply, engine: engine() });
      else if (reply.type === 'error') deps.post(reply);
    });
  };
}
