// bcrypt off the request thread, bounded. @node-rs/bcrypt runs each hash and compare on a worker
// thread of its own at a lower scheduling priority (hash-pool.ts), so the event loop and the
// database keep serving REST, storage and realtime while a password is checked. At most
// `concurrency` run at once (one core fewer than the machine has) and the rest wait their turn in
// arrival order, as GoTrue lets a burst queue: a request that has waited `maxWaitMs` is answered
// 504 `request_timeout` (GoTrue's answer past its request timeout), and past `maxQueued` waiting one
// is answered 429 `over_request_rate_limit` at once.
//
// Hashes stay bcrypt cost 10 with the `$2a$` prefix, as GoTrue (Go's x/crypto/bcrypt) and
// pgcrypto's `crypt(pw, gen_salt('bf'))` write them, so stored hashes move between the three.
import type { PasswordHashLimits } from '../config/password-hashing.ts';
import { HashPool } from './hash-pool.ts';
import { authError } from './errors.ts';
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
  /** Waiting for a turn, first come first served; each entry is resumed or timed out once. */
  readonly #waiting = new Set<{ resume: () => void }>();
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
    return this.#run(() => this.#compare(password, stored));
  }

  /**
   * A password sign-in's turn: `find` reads the account once the turn has come, then its hash is
   * compared. A burst then reaches the database one sign-in at a time as turns come, instead of all
   * its look-ups at once ahead of every other request's statements.
   */
  verifyFound<T extends { encrypted_password?: string | null }>(
    password: string,
    find: () => Promise<T | null>,
  ): Promise<{ found: T | null; matches: boolean }> {
    return this.#run(async () => {
      const found = await find();
      return { found, matches: await this.#compare(password, found?.encrypted_password) };
    });
  }

  /**
   * Throws 429 when the queue is full, so a request that would be refused is refused before it
   * reads the database or the body's password is looked at.
   */
  checkRoom(): void {
    const full = this.#running >= this.#limits.concurrency;
    if (full && this.#waiting.size >= this.#limits.maxQueued) throw overRequestRateLimit();
  }

  /** Ends the hashing threads (the server's stop). */
  close(): Promise<void> {
    return this.#pool.close();
  }

  /** Operations running and waiting, for logs and tests. */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.size };
  }

  async #compare(password: string, stored: string | null | undefined): Promise<boolean> {
    const real = typeof stored === 'string' && stored.startsWith('$2');
    // verify() answers false for a malformed hash; a hash from elsewhere never throws here.
    const matches = await this.#pool.verify(password, real ? stored : DUMMY_HASH);
    return real && matches;
  }

  async #run<T>(operation: () => Promise<T>): Promise<T> {
    this.checkRoom();
    if (this.#running >= this.#limits.concurrency) await this.#turn();
    else this.#running += 1;
    try {
      return await operation();
    } finally {
      // The slot passes straight to the next waiter, so #running never drops below what runs.
      const [next] = this.#waiting;
      if (next) {
        this.#waiting.delete(next);
        next.resume();
      } else {
        this.#running -= 1;
      }
    }
  }

  /** Waits for a slot handed over by #run; past maxWaitMs, leaves the line with GoTrue's 504. */
  #turn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const waiter = {
        resume: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.#waiting.delete(waiter);
        reject(
          authError(
            504,
            'request_timeout',
            'Processing this request timed out, please retry after a moment.',
          ),
        );
      }, this.#limits.maxWaitMs);
      this.#waiting.add(waiter);
    });
  }
}
