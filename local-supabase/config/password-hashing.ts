// How many bcrypt operations may run at once, how many may wait, and how long one may wait. Each runs
// on a hashing thread of its own at a lower priority (auth/hash-pool.ts). Set through
// SUPABASE_LOCAL_AUTH_HASH_* variables or `start({ passwordHashing })`.
import { availableParallelism } from 'node:os';

export interface PasswordHashLimits {
  /** bcrypt hashes and compares running at once. */
  concurrency: number;
  /** Requests waiting for a turn; one more is answered 429 `over_request_rate_limit` at once. */
  maxQueued: number;
  /**
   * How long a request may wait for its turn: past it, 504 `request_timeout`, GoTrue's answer to a
   * request that outlives its API_MAX_REQUEST_DURATION (10 s by default).
   */
  maxWaitMs: number;
}

export function defaultPasswordHashLimits(): PasswordHashLimits {
  // One core is left to the event loop and the database, which every other request needs: with as
  // many hashing threads as cores, a burst of sign-ins took both and REST waited for a core.
  const concurrency = Math.max(1, availableParallelism() - 1);
  // A burst waits its turn rather than being refused (GoTrue queues it too); what bounds the line is
  // the wait, as GoTrue's request timeout does. The count only bounds memory against a flood.
  return { concurrency, maxQueued: 1000, maxWaitMs: 10_000 };
}

const variables: Record<keyof PasswordHashLimits, string> = {
  concurrency: 'SUPABASE_LOCAL_AUTH_HASH_CONCURRENCY',
  maxQueued: 'SUPABASE_LOCAL_AUTH_HASH_QUEUE',
  maxWaitMs: 'SUPABASE_LOCAL_AUTH_HASH_WAIT_MS',
};

const least: Record<keyof PasswordHashLimits, number> = {
  concurrency: 1,
  maxQueued: 0,
  maxWaitMs: 1,
};

/** The limits the environment sets; a value that is not a whole number is a problem. */
export function readPasswordHashEnv(
  env: NodeJS.ProcessEnv,
  problems: string[],
): Partial<PasswordHashLimits> {
  const limits: Partial<PasswordHashLimits> = {};
  for (const [key, name] of Object.entries(variables) as [keyof PasswordHashLimits, string][]) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value < least[key]) {
      problems.push(`${name}: "${text}" is not a whole number of at least ${least[key]}`);
      continue;
    }
    limits[key] = value;
  }
  return limits;
}
