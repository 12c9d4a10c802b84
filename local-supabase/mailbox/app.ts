// The mailbox's own HTTP server (default port 54324, like Supabase's Inbucket/Mailpit): a page for
// people and a JSON API for tests.
import { Hono } from 'hono';
import { addSendRoute } from './send-api.ts';
import { renderMailboxPage } from './page.ts';
import type { Mailbox } from './store.ts';

export function createMailboxApp(mailbox: Mailbox): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const to = c.req.query('to') || undefined;
    const messages = mailbox.list(to);
    const id = c.req.query('id');
    const selected = id ? mailbox.get(id) : messages[0];
    return c.html(renderMailboxPage(messages, selected, to));
  });
  app.post('/clear', (c) => {
    mailbox.clear();
    return c.redirect('/', 303);
  });
  app.get('/api/messages', (c) => c.json(mailbox.list(c.req.query('to') || undefined)));
  app.get('/api/messages/:id', (c) => {
    const message = mailbox.get(c.req.param('id'));
    return message ? c.json(message) : c.json({ message: 'Message not found' }, 404);
  });
  addSendRoute(app, mailbox);
  app.delete('/api/messages', (c) => {
    mailbox.clear(c.req.query('to') || undefined);
    return c.body(null, 204);
  });
  return app;
}
