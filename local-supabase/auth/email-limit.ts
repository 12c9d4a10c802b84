// GoTrue's two e-mail limits, `[auth.rate_limit] email_sent` e-mails per hour across the project and
// `[auth.email] max_frequency` between two e-mails of one kind to the same user (checked by the
// caller), plus two of our own so that one caller cannot spend the project's budget (and so stop
// sign-up, links and recovery for everyone) or flood one inbox: a third of the budget per client IP
// and a sixth per recipient address, per hour.
import { tooManyRequests } from './errors.ts';

const HOUR = 3600_000;

/** Send times in the last hour, per key. */
class HourlyWindow {
  readonly #limit: number;
  readonly #sent = new Map<string, number[]>();

  constructor(limit: number) {
    this.#limit = limit;
  }

  isFull(key: string, now: number): boolean {
    const times = (this.#sent.get(key) ?? []).filter((time) => time > now - HOUR);
    if (times.length === 0) this.#sent.delete(key);
    else this.#sent.set(key, times);
    return times.length >= this.#limit;
  }

  add(key: string, now: number): void {
    this.#sent.set(key, [...(this.#sent.get(key) ?? []), now]);
  }
}

export interface EmailSender {
  /** The recipient. */
  to: string;
  /** The client IP that asked for the e-mail. */
  ip: string;
}

export class EmailLimiter {
  readonly #project: HourlyWindow;
  readonly #perIp: HourlyWindow;
  readonly #perAddress: HourlyWindow;
  /** When an e-mail was last pretended, per kind and address (see `pretend`). */
  readonly #pretended = new Map<string, number>();

  constructor(perHour: number) {
    this.#project = new HourlyWindow(perHour);
    this.#perIp = new HourlyWindow(Math.max(1, Math.floor(perHour / 3)));
    this.#perAddress = new HourlyWindow(Math.max(1, Math.floor(perHour / 6)));
  }

  /** Counts one e-mail, or throws 429 over_email_send_rate_limit when a budget is spent. */
  take({ to, ip }: EmailSender, now = Date.now()): void {
    const address = to.toLowerCase();
    // Every caller sees the same answer whichever budget ran out: which one says nothing about
    // whether the address has an account.
    if (
      this.#project.isFull('', now) ||
      this.#perIp.isFull(ip, now) ||
      this.#perAddress.isFull(address, now)
    ) {
      throw tooManyRequests('email rate limit exceeded');
    }
    this.#project.add('', now);
    this.#perIp.add(ip, now);
    this.#perAddress.add(address, now);
  }

  /**
   * Answers as sending a `kind` e-mail to `to` would, without sending it: the same budgets are
   * spent and the same `max_frequency` applies. Used where the address has no account (recovery,
   * e-mail sign-in that may not sign up) or an account sign-up must not reveal, so that neither
   * a repeat nor a spent budget answers differently for addresses that have an account.
   */
  pretend(
    sender: EmailSender,
    kind: 'confirmation' | 'recovery',
    maxFrequencySeconds: number,
    now = Date.now(),
  ): void {
    const key = `${kind} ${sender.to.toLowerCase()}`;
    const last = this.#pretended.get(key);
    checkSendFrequency(last === undefined ? null : new Date(last), maxFrequencySeconds, now);
    this.take(sender, now);
    this.#pretended.set(key, now);
    if (this.#pretended.size > 10_000) {
      for (const [stale, at] of this.#pretended) {
        if (at < now - HOUR) this.#pretended.delete(stale);
      }
    }
  }
}

/** Throws when the last e-mail of this kind went out less than `maxFrequency` seconds ago. */
export function checkSendFrequency(
  sentAt: Date | null,
  maxFrequencySeconds: number,
  now = Date.now(),
): void {
  if (!sentAt) return;
  const wait = sentAt.getTime() + maxFrequencySeconds * 1000 - now;
  if (wait > 0) {
    throw tooManyRequests(
      `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
    );
  }
}
