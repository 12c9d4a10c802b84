// `POST /emails` in Resend's shape ({from, to, subject, html, text, headers}; answers {id}), so that
// code which sends mail through a mail API (Edge Functions, with MAIL_API_URL) lands in the mailbox
// locally. Loopback only, no key, as the rest of the mailbox.
import type { Hono } from 'hono';
import { z } from 'zod';
import type { Mailbox } from './store.ts';

const address = z.string().min(3).max(320);
const sendRequest = z.object({
  from: address,
  to: z.union([address, z.array(address).min(1).max(50)]),
  subject: z.string().max(998),
  html: z.string().max(1_000_000).optional(),
  text: z.string().max(1_000_000).optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

export function addSendRoute(app: Hono, mailbox: Mailbox): void {
  app.post('/emails', async (c) => {
    const parsed = sendRequest.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return c.json(
        { statusCode: 422, name: 'validation_error', message: parsed.error.message },
        422,
      );
    }
    const { from, to, subject, html = '', text = '', headers } = parsed.data;
    const ids = (Array.isArray(to) ? to : [to]).map(
      (recipient) =>
        mailbox.add({
          to: recipient,
          from,
          subject,
          html,
          text,
          type: 'api',
          ...(headers ? { headers } : {}),
        }).id,
    );
    return c.json({ id: ids[0] });
  });
}
