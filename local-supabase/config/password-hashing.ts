// How many bcrypt operations may run at once and how many may wait. Each runs on a hashing thread of
// its own at a lower priority (auth/hash-pool.ts), so by default there is one per core. Set
// through SUPABASE_LOCAL_AUTH_HASH_* variables or `start({ passwordHashing })`.
import { availableParallelism } from 'node:os';

export interface PasswordHashLimits {
  /** bcrypt hashes and compares running at once. */
  concurrency: number;
  /** Requests waiting for a turn; one more is answered 429 `over_request_rate_limit`. */
  maxQueued: number;
}

export function defaultPasswordHashLimits(): PasswordHashLimits {
  const concurrency = Math.max(1, availableParallelism());
  // Sixteen waiting is under a second at cost 10 on two idle cores, and about three on a loaded
  // machine; a longer line only makes everyone in it wait longer.
  return { concurrency, maxQueued: 16 };
}

const variables: Record<keyof PasswordHashLimits, string> = {
  concurrency: 'SUPABASE_LOCAL_AUTH_HASH_CONCURRENCY',
  maxQueued: 'SUPABASE_LOCAL_AUTH_HASH_QUEUE',
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
    const least = key === 'concurrency' ? 1 : 0;
    if (!Number.isInteger(value) || value < least) {
      problems.push(`${name}: "${text}" is not a whole number of at least ${least}`);
      continue;
    }
    limits[key] = value;
  }
  return limits;
}
