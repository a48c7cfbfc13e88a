/**
 * Entry of a verify pool thread (bundled as dist/verify-worker.js): answers each
 * `{ id, code }` from {@link createVerifyPool} with `{ id, result }`, the `verifyCode` answer.
 */
import { parentPort } from 'node:worker_threads';
import { verifyCode } from '../engine/verify.ts';
import type { VerifyReply, VerifyRequest } from './verifyPoolProtocol.ts';

const port = parentPort;
if (!port) throw new Error('verifyPoolWorker must run in a worker thread');

port.on('message', (req: VerifyRequest) => {
  const reply: VerifyReply = { id: req.id, result: verifyCode(req.code) };
  port.postMessage(reply);
});
