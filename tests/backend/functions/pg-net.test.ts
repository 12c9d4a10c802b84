// pg_net and database webhooks: net.http_post / http_get and supabase_functions.http_request() queue
// the request in the database; the backend sends it after commit and records the answer in
// net._http_response. A rolled-back transaction sends nothing; a request in flight at a stop is sent
// after the restart.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A web server the database's requests go to: records them and answers as `answer` says. */
function startReceiver() {
  const received: Received[] = [];
  let answer = (response: ServerResponse) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"ok":true}');
  };
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body,
      });
      answer(response);
    });
  });
  return new Promise<{
    url: string;
    received: Received[];
    answerWith(fn: typeof answer): void;
    close(): Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        received,
        answerWith(fn) {
          answer = fn;
        },
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => {
              done();
            });
          }),
      });
    });
  });
}

let server: TestServer;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  server = await startTestServer();
  receiver = await startReceiver();
}, 60_000);

afterAll(async () => {
  await server.stop();
  await receiver.close();
});

beforeEach(() => {
  receiver.received.length = 0;
  receiver.answerWith((response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"ok":true}');
  });
});

const db = () => server.server.db;

async function responseOf(id: number) {
  await expect
    .poll(
      async () =>
        (await db().query('select 1 from net._http_response where id = $1', [id])).rows.length,
      // The worker answers within a request's own timeout; on a loaded machine that can take
      // longer than expect.poll's default second.
      { timeout: 15_000 },
    )
    .toBe(1);
  const { rows } = await db().query<{
    status_code: number | null;
    content: string | null;
    timed_out: boolean | null;
    error_msg: string | null;
  }>('select status_code, content, timed_out, error_msg from net._http_response where id = $1', [
    id,
  ]);
  return rows[0];
}

async function post(body: object, timeoutMs = 5000): Promise<number> {
  const { rows } = await db().query<{ id: number }>(
    'select net.http_post($1, $2::jsonb, timeout_milliseconds => $3) as id',
    [`${receiver.url}/hook?x=1`, JSON.stringify(body), timeoutMs],
  );
  return Number(rows[0]?.id);
}

describe('pg_net', () => {
  it('sends a committed net.http_post and records the answer', async () => {
    const id = await post({ hello: 'world' });
    expect(await responseOf(id)).toEqual({
      status_code: 200,
      content: '{"ok":true}',
      timed_out: false,
      error_msg: null,
    });
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]).toMatchObject({
      method: 'POST',
      url: '/hook?x=1',
      body: '{"hello": "world"}',
    });
    expect(receiver.received[0]?.headers['content-type']).toBe('application/json');
    const queued = await db().query('select 1 from net.http_request_queue where id = $1', [id]);
    expect(queued.rows).toHaveLength(0);
  });

  it('sends net.http_get with its params as the query string', async () => {
    const { rows } = await db().query<{ id: number }>(
      `select net.http_get($1, '{"q": "a b"}'::jsonb) as id`,
      [`${receiver.url}/search`],
    );
    expect((await responseOf(Number(rows[0]?.id)))?.status_code).toBe(200);
    expect(receiver.received[0]).toMatchObject({ method: 'GET', url: '/search?q=a%20b' });
  });

  it('sends nothing for a rolled-back transaction', async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.query(`select net.http_post($1, '{"never": true}'::jsonb)`, [
          `${receiver.url}/rolled-back`,
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    // A later request is sent: so the queue was read after the rollback, and the first is not there.
    await responseOf(await post({ after: true }));
    expect(receiver.received.map((request) => request.url)).toEqual(['/hook?x=1']);
    const queued = await db().query('select 1 from net.http_request_queue');
    expect(queued.rows).toHaveLength(0);
  });

  it('records a timeout, as pg_net does, and does not retry', async () => {
    receiver.answerWith(() => undefined);
    const id = await post({ slow: true }, 300);
    expect(await responseOf(id)).toMatchObject({ status_code: null, timed_out: true });
    expect((await responseOf(id))?.error_msg).toContain('Timeout of 300 ms');
    expect(receiver.received).toHaveLength(1);
  });

  it('records a refused connection', async () => {
    const closed = await startReceiver();
    await closed.close();
    const { rows } = await db().query<{ id: number }>(
      `select net.http_post($1, '{}'::jsonb) as id`,
      [`${closed.url}/nothing`],
    );
    expect(await responseOf(Number(rows[0]?.id))).toMatchObject({
      status_code: null,
      timed_out: false,
      error_msg: "Couldn't connect to server",
    });
  });

  it('is not open to the API roles', async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.query('set local role authenticated');
        await tx.query(`select net.http_post('http://127.0.0.1:9/x', '{}'::jsonb)`);
      }),
    ).rejects.toThrow(/permission denied/);
  });
});

describe('database webhooks (supabase_functions.http_request)', () => {
  beforeAll(async () => {
    await db().exec(`
      create table public.webhook_things (id int primary key, name text);
      create trigger things_webhook after insert or update on public.webhook_things
        for each row execute function supabase_functions.http_request(
          '${receiver.url}/things', 'POST', '{"Content-Type":"application/json","X-Hook":"yes"}', '{}', '5000');
    `);
  });

  it('posts {type, table, schema, record, old_record} for an insert and records the hook', async () => {
    await db().query(`insert into public.webhook_things values (1, 'first')`);
    await expect.poll(() => receiver.received.length).toBe(1);
    const request = receiver.received[0];
    expect(request?.headers['x-hook']).toBe('yes');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      type: 'INSERT',
      table: 'webhook_things',
      schema: 'public',
      record: { id: 1, name: 'first' },
      old_record: null,
    });
    const hooks = await db().query<{ hook_name: string }>(
      'select hook_name from supabase_functions.hooks order by id desc limit 1',
    );
    expect(hooks.rows[0]?.hook_name).toBe('things_webhook');
  });

  it('does not fire for an insert that is rolled back', async () => {
    await expect(
      db().transaction(async (tx) => {
        await tx.query(`insert into public.webhook_things values (2, 'rolled back')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await db().query(`update public.webhook_things set name = 'renamed' where id = 1`);
    await expect.poll(() => receiver.received.length).toBe(1);
    expect(JSON.parse(receiver.received[0]?.body ?? '')).toMatchObject({
      type: 'UPDATE',
      record: { id: 1, name: 'renamed' },
      old_record: { id: 1, name: 'first' },
    });
  });
});

describe('a stop with requests queued', () => {
  it('sends them after the restart', async () => {
    // The first attempt hangs until the backend stops; the request stays queued.
    receiver.answerWith(() => undefined);
    const id = await post({ survives: 'a restart' }, 60_000);
    await expect.poll(() => receiver.received.length).toBe(1);
    receiver.answerWith((response) => {
      response.writeHead(202);
      response.end('accepted');
    });
    server = await server.restart();
    expect(await responseOf(id)).toMatchObject({ status_code: 202, content: 'accepted' });
    expect(receiver.received.map((request) => request.body)).toEqual([
      '{"survives": "a restart"}',
      '{"survives": "a restart"}',
    ]);
  }, 60_000);
});
