// Reply e-mails end to end: a reply committed through the API fires the database webhook, which calls
// the reply-notification Edge Function (supabase/functions), which sends the e-mail through the mail
// API into the local mailbox, in the recipient's language, with RFC 8058 unsubscribe headers. The
// rules that send nothing are checked through the function's recorded answer (net._http_response).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const PASSWORD = 'polyglot-demo-2026';
const MEMBER = { id: '5eed0000-0000-4000-8000-000000000001', email: 'member@example.com' }; // en
const SECOND = { id: '5eed0000-0000-4000-8000-000000000002', email: 'second@example.com' }; // de
const ARTICLE = 'translation-metadata-article-unicode-explained';

/** The built site's article index, as the function fetches it from SITE_URL. */
const ARTICLE_INDEX = {
  en: { [ARTICLE]: { title: 'Unicode, explained', path: '/en/articles/unicode-explained/' } },
  de: { [ARTICLE]: { title: 'Unicode erklärt', path: '/de/articles/unicode-erklaert/' } },
};

let server: TestServer;
let site: Server;
let siteUrl: string;

beforeAll(async () => {
  site = createServer((request, response) => {
    if (request.url === '/article-index.json') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(ARTICLE_INDEX));
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  server = await startTestServer({ settings: { auth: { site_url: siteUrl } } });
}, 60_000);

afterAll(async () => {
  await server.stop();
  await new Promise((resolve) => site.close(resolve));
});

beforeEach(async () => {
  await fetch(`${server.mailboxUrl}/api/messages`, { method: 'DELETE' });
});

async function signedIn(email: string) {
  const client = server.client();
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
  expect(error).toBeNull();
  return client;
}

/** A comment written directly (service role), so a test may write more than the rate limit allows. */
async function comment(authorId: string, body: string, parentId: string | null = null) {
  const { data, error } = await server
    .admin()
    .from('comments')
    .insert({
      article_key: ARTICLE,
      parent_id: parentId,
      author_id: authorId,
      body,
      language: 'en',
    })
    .select('id')
    .single<{ id: string }>();
  expect(error).toBeNull();
  return data?.id ?? '';
}

/**
 * What the function answered to the latest webhook (pg_net records it under the request's id; the
 * tests run one after another, so the latest request is the reply just written).
 */
async function webhookAnswer(): Promise<{ sent: boolean; reason?: string }> {
  const db = server.server.db;
  const { rows } = await db.query<{ id: string }>(
    'select last_value::text as id from net.http_request_queue_id_seq',
  );
  const id = Number(rows[0]?.id);
  let answer: { status_code: number; content: string } | undefined;
  await expect
    .poll(
      async () => {
        const found = await db.query<{ status_code: number; content: string }>(
          'select status_code, content from net._http_response where id = $1',
          [id],
        );
        answer = found.rows[0];
        return answer !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  expect(answer?.status_code).toBe(200);
  return JSON.parse(answer?.content ?? '{}') as { sent: boolean; reason?: string };
}

describe('reply e-mails', () => {
  it('sends the member an e-mail in English when someone replies through the API', async () => {
    const parent = await comment(MEMBER.id, 'Grapheme clusters are hard.');
    const second = await signedIn(SECOND.email);
    const { data, error } = await second
      .from('comments')
      .insert({ article_key: ARTICLE, parent_id: parent, body: 'Ja, aber lösbar.', language: 'de' })
      .select('id')
      .single<{ id: string }>();
    expect(error).toBeNull();
    expect(await webhookAnswer()).toEqual({ sent: true });
    const [mail] = await server.messages(MEMBER.email);
    expect(mail?.subject).toBe('Jonas Zweiter replied to your comment on “Unicode, explained”');
    expect(mail?.text).toContain('Ja, aber lösbar.');
    expect(mail?.text).toContain(`${siteUrl}/en/articles/unicode-explained/#comments`);
    expect(mail?.html).toContain('<blockquote lang="de" dir="ltr">Ja, aber lösbar.</blockquote>');
    expect(data?.id).toBeTruthy();
  }, 90_000);

  it('writes to a German member in German, with the German title and Sie', async () => {
    const parent = await comment(SECOND.id, 'Ein Kommentar auf Deutsch.');
    await comment(MEMBER.id, 'A reply in English.', parent);
    expect(await webhookAnswer()).toEqual({ sent: true });
    const [mail] = await server.messages(SECOND.email);
    expect(mail?.subject).toBe(
      'Mina Member hat auf Ihren Kommentar zu „Unicode erklärt“ geantwortet',
    );
    expect(mail?.text).toContain('Sie erhalten diese E-Mail');
    expect(mail?.text).toContain(`${siteUrl}/de/articles/unicode-erklaert/#comments`);
  }, 60_000);

  it('carries a one-click unsubscribe (RFC 8058) that works without signing in', async () => {
    const parent = await comment(MEMBER.id, 'Another thread.');
    await comment(SECOND.id, 'Another reply.', parent);
    expect(await webhookAnswer()).toEqual({ sent: true });
    const [mail] = await server.messages(MEMBER.email);
    const headers = (mail as unknown as { headers: Record<string, string> }).headers;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(.+)>$/.exec(headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(oneClick).toMatch(new RegExp(`^${server.url}/functions/v1/unsubscribe\\?token=`));
    const token = new URL(oneClick).searchParams.get('token') ?? '';
    expect(mail?.text).toContain(`${siteUrl}/en/unsubscribe/?token=${token}`);

    // A link scanner's GET changes nothing; the mail client's POST, with no credentials, does.
    expect((await fetch(oneClick)).status).toBe(405);
    const posted = await fetch(oneClick, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(posted.status).toBe(200);
    const member = await signedIn(MEMBER.email);
    const { data } = await member
      .from('notification_preferences')
      .select('reply_emails')
      .single<{ reply_emails: boolean }>();
    expect(data?.reply_emails).toBe(false);

    // Opted out: the next reply sends nothing.
    const next = await comment(MEMBER.id, 'A thread after unsubscribing.');
    await comment(SECOND.id, 'A reply nobody is told about.', next);
    expect(await webhookAnswer()).toEqual({ sent: false, reason: 'no e-mail by the rules' });
    expect(await server.messages(MEMBER.email)).toHaveLength(1);

    // The member turns them on again from the account page's switch (the same column).
    const { error } = await member
      .from('notification_preferences')
      .update({ reply_emails: true })
      .eq('user_id', MEMBER.id);
    expect(error).toBeNull();
  }, 90_000);

  it('refuses an unknown token', async () => {
    const response = await fetch(
      `${server.url}/functions/v1/unsubscribe?token=00000000-0000-4000-8000-000000000000`,
      { method: 'POST', body: 'List-Unsubscribe=One-Click' },
    );
    expect(response.status).toBe(404);
  }, 60_000);
});

describe('replies that send no e-mail', () => {
  it('a reply to oneself', async () => {
    const parent = await comment(MEMBER.id, 'Talking to myself.');
    await comment(MEMBER.id, 'Yes, me again.', parent);
    expect(await webhookAnswer()).toEqual({ sent: false, reason: 'no e-mail by the rules' });
    expect(await server.messages(MEMBER.email)).toHaveLength(0);
  }, 60_000);

  it('a second reply in the same thread within the hour', async () => {
    const parent = await comment(MEMBER.id, 'A busy thread.');
    await comment(SECOND.id, 'First reply.', parent);
    expect(await webhookAnswer()).toEqual({ sent: true });
    await comment(SECOND.id, 'Second reply.', parent);
    expect(await webhookAnswer()).toEqual({ sent: false, reason: 'no e-mail by the rules' });
    expect(await server.messages(MEMBER.email)).toHaveLength(1);
  }, 60_000);

  it('a reply to a hidden comment', async () => {
    const parent = await comment(MEMBER.id, 'Soon hidden.');
    // Replied to, then hidden by a moderator before the webhook is delivered.
    await server.server.db.transaction(async (tx) => {
      await tx.query(
        `insert into public.comments (article_key, parent_id, author_id, body, language)
         values ($1, $2, $3, 'Replying to a comment about to be hidden.', 'en')`,
        [ARTICLE, parent, SECOND.id],
      );
      await tx.query(`update public.comments set status = 'hidden' where id = $1`, [parent]);
    });
    expect(await webhookAnswer()).toEqual({ sent: false, reason: 'no e-mail by the rules' });
    expect(await server.messages(MEMBER.email)).toHaveLength(0);
  }, 60_000);

  it('a reply by a suspended author', async () => {
    const parent = await comment(MEMBER.id, 'A thread.');
    const suspend = (until: string | null) =>
      server
        .admin()
        .from('profiles')
        .update({ commenting_suspended_until: until })
        .eq('id', SECOND.id);
    // Written before the suspension, delivered after it (as a webhook can be).
    await server.server.db.transaction(async (tx) => {
      await tx.query(
        `insert into public.comments (article_key, parent_id, author_id, body, language)
         values ($1, $2, $3, 'Written just before.', 'en')`,
        [ARTICLE, parent, SECOND.id],
      );
      await tx.query(
        `update public.profiles set commenting_suspended_until = now() + interval '1 day' where id = $1`,
        [SECOND.id],
      );
    });
    expect(await webhookAnswer()).toEqual({ sent: false, reason: 'no e-mail by the rules' });
    expect(await server.messages(MEMBER.email)).toHaveLength(0);
    await suspend(null);
  }, 60_000);
});
