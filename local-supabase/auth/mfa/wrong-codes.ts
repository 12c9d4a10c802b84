// Wrong second-factor codes counted per factor, whatever address they come from. GoTrue limits MFA
// verifications per client address only (rate-limit.ts), so with enough addresses the million TOTP
// codes can be tried at any speed. Here each factor has a bucket of WRONG_CODES_BURST wrong codes that
// refills one every REFILL_MS; while it is empty every verification of the factor, right code or
// not, answers GoTrue's 429 over_request_rate_limit. A right code empties nothing and refills it.
import { authError } from '../errors.ts';

/** As many as GoTrue's per-address burst, so one address meets both limits at once. */
export const WRONG_CODES_BURST = 30;
/** One more wrong code every five minutes: under 300 a day, about 0.1 % of finding a code. */
export const REFILL_MS = 5 * 60 * 1000;
/** Factors not counted for this long are full again and are forgotten. */
const FORGET_MS = WRONG_CODES_BURST * REFILL_MS;

export class FactorWrongCodes {
  readonly #spent = new Map<string, { count: number; at: number }>();

  /** Throws 429 while the factor's wrong codes are spent. */
  check(factorId: string, now = Date.now()): void {
    if (this.#count(factorId, now) >= WRONG_CODES_BURST) {
      throw authError(
        429,
        'over_request_rate_limit',
        'Too many wrong codes for this factor, try again in a few minutes',
      );
    }
  }

  fail(factorId: string, now = Date.now()): void {
    this.#spent.set(factorId, { count: this.#count(factorId, now) + 1, at: now });
    if (this.#spent.size > 10_000) this.#forgetFull(now);
  }

  succeed(factorId: string): void {
    this.#spent.delete(factorId);
  }

  /** Wrong codes still counted: each REFILL_MS since the last one gives one back. */
  #count(factorId: string, now: number): number {
    const spent = this.#spent.get(factorId);
    if (!spent) return 0;
    return Math.max(0, spent.count - Math.floor((now - spent.at) / REFILL_MS));
  }

  #forgetFull(now: number): void {
    for (const [factorId, spent] of this.#spent) {
      if (now - spent.at > FORGET_MS) this.#spent.delete(factorId);
    }
  }
}
