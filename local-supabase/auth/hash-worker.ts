// One bcrypt thread of the password hasher (hash-pool.ts). It lowers its own scheduling priority
// (nice 10) first: on a machine with as many hashing threads as cores, a sign-in then takes only the
// CPU that REST, storage and realtime leave idle, instead of sharing it with them equally.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { hashSync, verifySync } from '@node-rs/bcrypt';
import type { HashReply, HashRequest } from './hash-pool.ts';

/**
 * Nice 10 weighs a thread at about a tenth of a normal one: REST's threads win the cores whenever they
 * need them, yet on a machine kept busy by other processes the hashing still gets a share (at 19 it
 * got almost none there: bench/README.md).
 */
const HASHING_NICE = 10;

/**
 * Linux schedules threads on their own: setpriority() with a thread's id changes that thread alone,
 * and /proc/thread-self names it. Elsewhere the thread keeps the normal priority.
 */
function lowerOwnPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, HASHING_NICE);
  } catch {
    // No /proc (not Linux) or not permitted: hashing still works, at the normal priority.
  }
}

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
