// The local mailbox: every e-mail auth sends, kept in memory (newest last) for people and tests.
import { randomUUID } from 'node:crypto';

export interface MailMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
  /** ISO timestamp. */
  sentAt: string;
  /** The auth e-mail type (confirmation, magic_link, recovery, email_change, invite), or `api`. */
  type: string;
  /** Extra headers a sender set (List-Unsubscribe), for mail sent through `POST /emails`. */
  headers?: Record<string, string>;
}

const KEEP = 500;

export class Mailbox {
  readonly #messages: MailMessage[] = [];
  readonly #waiters = new Set<() => void>();

  add(message: Omit<MailMessage, 'id' | 'sentAt'>): MailMessage {
    const stored = { ...message, id: randomUUID(), sentAt: new Date().toISOString() };
    this.#messages.push(stored);
    if (this.#messages.length > KEEP) this.#messages.shift();
    for (const wake of this.#waiters) wake();
    return stored;
  }

  /** Messages, newest first; `to` filters by recipient (case-insensitive). */
  list(to?: string): MailMessage[] {
    const wanted = to?.trim().toLowerCase();
    return this.#messages
      .filter((message) => !wanted || message.to.toLowerCase() === wanted)
      .reverse();
  }

  get(id: string): MailMessage | undefined {
    return this.#messages.find((message) => message.id === id);
  }

  clear(to?: string): void {
    const wanted = to?.trim().toLowerCase();
    for (let i = this.#messages.length - 1; i >= 0; i--) {
      if (!wanted || this.#messages[i]?.to.toLowerCase() === wanted) this.#messages.splice(i, 1);
    }
  }
}
