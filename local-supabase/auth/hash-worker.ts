// One bcrypt thread of the password hasher (hash-pool.ts). It lowers its own scheduling priority
// (nice 10) first: on a machine with as many hashing threads as cores, a sign-in then takes only the
// CPU that REST, storage and realtime leave idle, instead of sharing it with them equally.
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/bcrypt';
import type { HashReply, HashRequest } from './hash-pool.ts';
import { lowerOwnPriority } from './thread-priority.ts';

lowerOwnPriority();
parentPort?.on('message', (request: HashRequest) => {
  let reply: HashReply;
  try {
    reply =
      request.op === 'hash'
        ? {
            id: request.id,
            result: hashSync(request.password, { cost: request.cost, version: '2a' }),
          }
        : { id: request.id, result: verifySync(request.password, request.hash) };
  } catch (error) {
    reply = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
