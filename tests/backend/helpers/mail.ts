// Reading what the auth e-mails carry, as a person would: the link's token hash and the 6-digit code.
import type { MailboxMessage, TestServer } from './server.ts';

let counter = 0;

/** A fresh address per test, so tests never see each other's users or e-mails. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.test`;
}

export async function latestMessage(server: TestServer, to: string): Promise<MailboxMessage> {
  const [message] = await server.messages(to);
  if (!message) throw new Error(`No e-mail to ${to}`);
  return message;
}

/** The token hash in the e-mail's link (`token_hash=` on the site's confirm page, `token=` to /verify). */
export function tokenHashFrom(message: MailboxMessage): string {
  const match = /[?&](?:amp;)?token(?:_hash)?=([^&"\s]+)/.exec(message.html);
  if (!match?.[1]) throw new Error(`No token in e-mail "${message.subject}"`);
  return match[1];
}

export function codeFrom(message: MailboxMessage): string {
  const match = />\s*(\d{6})\s*</.exec(message.html);
  if (!match?.[1]) throw new Error(`No 6-digit code in e-mail "${message.subject}"`);
  return match[1];
}
