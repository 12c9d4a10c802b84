// GoTrue's two e-mail limits: `[auth.rate_limit] email_sent` e-mails per hour across the project, and
// `[auth.email] max_frequency` between two e-mails of one kind to the same user (checked by the caller).
import { tooManyRequests } from './errors.ts';

const HOUR = 3600_000;

export class EmailLimiter {
  readonly #perHour: number;
  readonly #sent: number[] = [];

  constructor(perHour: number) {
    this.#perHour = perHour;
  }

  /** Counts one e-mail, or throws 429 over_email_send_rate_limit when the hour's budget is spent. */
  take(now = Date.now()): void {
    while (this.#sent.length > 0 && (this.#sent[0] ?? 0) <= now - HOUR) this.#sent.shift();
    if (this.#sent.length >= this.#perHour) throw tooManyRequests('email rate limit exceeded');
    this.#sent.push(now);
  }
}

/** Throws when the last e-mail of this kind went out less than `maxFrequency` seconds ago. */
export function checkSendFrequency(sentAt: Date | null, maxFrequencySeconds: number): void {
  if (!sentAt) return;
  const wait = sentAt.getTime() + maxFrequencySeconds * 1000 - Date.now();
  if (wait > 0) {
    throw tooManyRequests(
      `For security purposes, you can only request this after ${Math.ceil(wait / 1000)} seconds.`,
    );
  }
}
