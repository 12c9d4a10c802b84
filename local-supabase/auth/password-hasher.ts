// bcrypt off the request thread, bounded. @node-rs/bcrypt runs each hash and compare on a worker
// thread of its own at a lower scheduling priority (hash-pool.ts), so the event loop and the
// database keep serving REST, storage and realtime while a password is checked. At
// most `concurrency` run at once; up to `maxQueued` more wait their turn, and past that a request is
// answered 429 `over_request_rate_limit` at once instead of adding to an unbounded backlog.
//
// Hashes stay bcrypt cost 10 with the `$2a$` prefix, as GoTrue (Go's x/crypto/bcrypt) and
// pgcrypto's `crypt(pw, gen_salt('bf'))` write them, so stored hashes move between the three.
import type { PasswordHashLimits } from '../config/password-hashing.ts';
import { HashPool } from './hash-pool.ts';
import { overRequestRateLimit } from './rate-limit.ts';

const BCRYPT_COST = 10;

/**
 * Compared against when there is no hash to check (unknown address, account without a password),
 * so that such an attempt costs what a wrong password costs. Its password is random and unknown.
 */
const DUMMY_HASH = '$2a$10$qbwOEkxZsZaQbCATAtPNAeqwNza2ndQlIjdyL7QTXKEhm310/zjNy';

export class PasswordHasher {
  readonly #limits: PasswordHashLimits;
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  readonly #pool = new HashPool();

  constructor(limits: PasswordHashLimits) {
    this.#limits = limits;
  }

  /** A new bcrypt hash of `password` (cost 10, `$2a$`). */
  hash(password: string): Promise<string> {
    return this.#run(() => this.#pool.hash(password, BCRYPT_COST));
  }

  /**
   * Whether `password` matches `stored`. Without a stored hash it still spends one comparison
   * (and answers false), so the time does not tell whether the account exists.
   */
  verify(password: string, stored: string | null | undefined): Promise<boolean> {
    const real = typeof stored === 'string' && stored.startsWith('$2');
    return this.#run(async () => {
      // verify() answers false for a malformed hash; a hash from elsewhere never throws here.
      const matches = await this.#pool.verify(password, real ? stored : DUMMY_HASH);
      return real && matches;
    });
  }

  /**
   * Throws 429 when the queue is full, so a request that would be refused is refused before it
   * reads the database or the body's password is looked at.
   */
  checkRoom(): void {
    const full = this.#running >= this.#limits.concurrency;
    if (full && this.#waiting.length >= this.#limits.maxQueued) throw overRequestRateLimit();
  }

  /** Ends the hashing threads (the server's stop). */
  close(): Promise<void> {
    return this.#pool.close();
  }

  /** Operations running and waiting, for logs and tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  async #run<T>(operation: () => Promise<T>): Promise<T> {
    this.checkRoom();
    if (this.#running >= this.#limits.concurrency) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await operation();
    } finally {
      // The slot passes straight to the next waiter, so #running never drops below what runs.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
