// The e2e backend's mailbox (its JSON API), for tests that follow an e-mail: the newest message to
// an address, its link to the site and its 6-digit code.
import { expect } from '@playwright/test';

export interface Mail {
  subject: string;
  html: string;
  text: string;
  type: string;
}

function mailboxUrl(): string {
  const port = process.env['E2E_MAILBOX_PORT'];
  if (!port) throw new Error('E2E_MAILBOX_PORT is not set (playwright.config.ts sets it)');
  return `http://127.0.0.1:${port}`;
}

async function messagesTo(address: string): Promise<Mail[]> {
  const response = await fetch(`${mailboxUrl()}/api/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as Mail[];
}

/** Waits for the `count`-th e-mail to an address and returns the newest. */
export async function newestMail(address: string, count = 1): Promise<Mail> {
  let mails: Mail[] = [];
  await expect
    .poll(async () => {
      mails = await messagesTo(address);
      return mails.length;
    })
    .toBeGreaterThanOrEqual(count);
  const [newest] = mails;
  if (newest === undefined) throw new Error(`No e-mail to ${address}`);
  return newest;
}

/** The path (with query) of the mail's first link to the site, e.g. `/de/auth/confirm/?token_hash=…`. */
export function siteLinkOf(mail: Mail): string {
  const href = /<a href="([^"]+\/auth\/confirm\/[^"]*)"/.exec(mail.html)?.[1];
  if (href === undefined) throw new Error(`No confirm link in "${mail.subject}"`);
  const url = new URL(href.replaceAll('&amp;', '&'));
  return `${url.pathname}${url.search}`;
}

/** The 6-digit code of a sign-in or confirmation e-mail. */
export function codeOf(mail: Mail): string {
  const code = />\s*(\d{6})\s*</.exec(mail.html)?.[1];
  if (code === undefined) throw new Error(`No code in "${mail.subject}"`);
  return code;
}

/** A fresh address per test, so tests never read each other's mail. */
export function freshAddress(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}
