// Worker threads that do heavy work for one request (bcrypt, SAML responses) lower their own
// scheduling priority first, so the event loop and the database keep the cores they need.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Nice 10 weighs a thread at about a tenth of a normal one: REST's threads win the cores whenever they
 * need them, yet on a machine kept busy by other processes the work still gets a share (at 19 it
 * got almost none there: bench/README.md).
 */
const WORKER_NICE = 10;

/**
 * Linux schedules threads on their own: setpriority() with a thread's id changes that thread alone,
 * and /proc/thread-self names it. Elsewhere the thread keeps the normal priority.
 */
export function lowerOwnPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, WORKER_NICE);
  } catch {
    // No /proc (not Linux) or not permitted: the work still runs, at the normal priority.
  }
}
