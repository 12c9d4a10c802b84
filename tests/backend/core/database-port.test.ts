// The database port ([db] port): Postgres clients (pg, psql) reach the embedded database while the API
// runs, and a client's transaction never interleaves with the API's statements.
import { execFile, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { findPostgresBinDir } from '../helpers/postgres/cluster.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const run = promisify(execFile);

const binDir = findPostgresBinDir();
if (!binDir) {
  console.warn(
    'Skipping the psql check of the database port: PostgreSQL is not installed ' +
      '(Debian: apt-get install postgresql; or set POSTGRES_BIN_DIR)',
  );
}

/** The seeded member every comment here is written for. */
const AUTHOR = "(select id from auth.users where email = 'member@example.com')";

/** A client's insert of a comment on `article`, in SQL. */
function commentSql(article: string): string {
  return `insert into public.comments (article_key, body, language, author_id)
          values ('${article}', 'Written over the database port', 'en', ${AUTHOR})`;
}

const authors = new WeakMap<TestServer, string>();

async function readAuthor(server: TestServer): Promise<void> {
  const { rows } = await server.server.db.query<{ id: string }>(`select ${AUTHOR} as id`);
  authors.set(server, rows[0]?.id ?? '');
}

/** A REST write as a service would make it, through the real client. */
function insertComment(server: TestServer, article: string) {
  return server
    .admin()
    .from('comments')
    .insert({
      article_key: article,
      body: 'Written over REST',
      language: 'en',
      author_id: authors.get(server),
    })
    .select('id')
    .single();
}

async function countComments(server: TestServer, article: string): Promise<number> {
  const { rows } = await server.server.db.query<{ n: number }>(
    'select count(*)::int as n from public.comments where article_key = $1',
    [article],
  );
  return rows[0]?.n ?? -1;
}

/** Runs psql against `url` with `input` on its stdin; resolves with its exit code and output. */
function psqlWithInput(
  url: string,
  args: string[],
  input: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(binDir ?? '', 'psql'),
      [url, '--no-psqlrc', '--tuples-only', '--no-align', ...args],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      resolve({ code, stdout, stderr });
    });
    child.stdin.end(input);
  });
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('the database port', () => {
  let server: TestServer;
  const clients: pg.Client[] = [];

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: server.server.dbUrl ?? '' });
    clients.push(client);
    await client.connect();
    return client;
  }

  beforeAll(async () => {
    server = await startTestServer({ dbPort: 0 });
    await readAuthor(server);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end().catch(() => undefined)));
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers a Postgres client with the data the API serves', async () => {
    expect(server.server.dbUrl).toMatch(
      /^postgresql:\/\/postgres:postgres@127\.0\.0\.1:\d+\/postgres$/,
    );
    const client = await connect();
    const { rows } = await client.query<{ email: string }>(
      'select email from auth.users where email = $1',
      ['member@example.com'],
    );
    expect(rows).toEqual([{ email: 'member@example.com' }]);
  });

  it('holds a REST write until the client’s transaction ends, so it never lands inside it', async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(commentSql('held-tx'));
    let settled = false;
    const rest = insertComment(server, 'held-tx').then((result) => {
      settled = true;
      return result;
    });
    await delay(300);
    // Had the REST insert run now, it would be inside this transaction: visible here and rolled back.
    const inside = await client.query<{ n: number }>(
      "select count(*)::int as n from public.comments where article_key = 'held-tx'",
    );
    expect(inside.rows[0]?.n).toBe(1);
    expect(settled).toBe(false);
    await client.query('rollback');

    const { data, error } = await rest;
    expect(error).toBeNull();
    expect(data?.id).toEqual(expect.any(String));
    // Only the REST row is left: the client's rollback took its own row and nothing of the API's.
    expect(await countComments(server, 'held-tx')).toBe(1);
  });

  it('keeps a client’s SET and SET ROLE to itself while the API runs in between', async () => {
    const client = await connect();
    await client.query('set role anon');
    await client.query("set search_path = 'pg_catalog'");
    const { error } = await insertComment(server, 'settings');
    expect(error).toBeNull();
    const api = await server.server.db.query<{ user: string; path: string }>(
      "select current_user as user, current_setting('search_path') as path",
    );
    expect(api.rows[0]).toEqual({ user: 'postgres', path: '"$user", public, extensions' });
    const own = await client.query<{ user: string; path: string }>(
      "select current_user as user, current_setting('search_path') as path",
    );
    expect(own.rows[0]).toEqual({ user: 'anon', path: 'pg_catalog' });
  });

  it('rolls back what a client left open when it disconnects, and the API goes on', async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(commentSql('dropped'));
    const rest = insertComment(server, 'after-drop');
    // The socket goes away without a Terminate message, as when psql is killed.
    client.on('error', () => undefined);
    client.connection.stream.destroy();
    const { error } = await rest;
    expect(error).toBeNull();
    expect(await countComments(server, 'dropped')).toBe(0);
    expect(await countComments(server, 'after-drop')).toBe(1);
  });

  it('answers many clients’ parameterized queries at once, each with its own results', async () => {
    const [first, second] = await Promise.all([connect(), connect()]);
    const ask = (client: pg.Client, base: number) =>
      Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          client
            .query<{ n: number }>('select $1::int as n', [base + i])
            .then(({ rows }) => rows[0]?.n),
        ),
      );
    const [a, b, rest] = await Promise.all([
      ask(first, 0),
      ask(second, 1000),
      insertComment(server, 'many'),
    ]);
    expect(a).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(b).toEqual(Array.from({ length: 40 }, (_, i) => 1000 + i));
    expect(rest.error).toBeNull();
  });

  it.skipIf(!binDir)('serves psql: queries and its \\d commands', async () => {
    const psql = (command: string) =>
      run(join(binDir ?? '', 'psql'), [
        server.server.dbUrl ?? '',
        '--no-psqlrc',
        '--tuples-only',
        '--no-align',
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        command,
      ]);
    const count = await psql("select count(*) from auth.users where email like '%@example.com'");
    expect(count.stdout.trim()).toBe('4');
    // \dt runs psql's own catalog queries.
    const tables = await psql('\\dt public.*');
    expect(tables.stdout).toContain('public|comments|table|postgres');
  });

  it.skipIf(!binDir)(
    'loads rows with psql’s \\copy … from stdin: tabs, backslashes, NULLs and non-ASCII text',
    async () => {
      const url = server.server.dbUrl ?? '';
      await server.server.db.exec('create table public.copy_in (id int primary key, body text)');
      // COPY's text format: \t is a tab inside a value, \\ a backslash, \N a NULL.
      const rows = [
        '1\tplain',
        '2\ta\\ttab',
        '3\tback\\\\slash',
        '4\t\\N',
        '5\tZürich, Ελληνικά, 日本語',
      ].join('\n');
      const loaded = await psqlWithInput(
        url,
        ['-v', 'ON_ERROR_STOP=1', '-c', '\\copy public.copy_in from stdin'],
        `${rows}\n`,
      );
      expect(loaded.stderr).toBe('');
      expect(loaded.code).toBe(0);
      const { rows: back } = await server.server.db.query<{ id: number; body: string | null }>(
        'select id, body from public.copy_in order by id',
      );
      expect(back).toEqual([
        { id: 1, body: 'plain' },
        { id: 2, body: 'a\ttab' },
        { id: 3, body: 'back\\slash' },
        { id: 4, body: null },
        { id: 5, body: 'Zürich, Ελληνικά, 日本語' },
      ]);
    },
  );

  it.skipIf(!binDir)('copies a table out and back in in COPY’s binary format', async () => {
    const url = server.server.dbUrl ?? '';
    await server.server.db.exec(
      "create table public.copy_binary as select 1 as id, 'Zürich'::text as body",
    );
    await server.server.db.exec('create table public.copy_binary_back (id int, body text)');
    const file = join(tmpdir(), `copy-binary-${process.pid}.bin`);
    const result = await psqlWithInput(
      url,
      [
        '-v',
        'ON_ERROR_STOP=1',
        '-c',
        `\\copy public.copy_binary to '${file}' with (format binary)`,
        '-c',
        `\\copy public.copy_binary_back from '${file}' with (format binary)`,
      ],
      '',
    );
    await rm(file, { force: true });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const { rows } = await server.server.db.query('select id, body from public.copy_binary_back');
    expect(rows).toEqual([{ id: 1, body: 'Zürich' }]);
  });

  it.skipIf(!binDir)(
    'reports bad COPY data as psql’s error and the connection goes on',
    async () => {
      const url = server.server.dbUrl ?? '';
      await server.server.db.exec('create table public.copy_bad (id int, body text)');
      // One script, one connection: the failed COPY, then a query on the same session.
      const script = [
        'copy public.copy_bad from stdin;',
        '1\tone\textra',
        '\\.',
        "select 'still here', count(*) from public.copy_bad;",
        '',
      ].join('\n');
      const result = await psqlWithInput(url, ['-f', '-'], script);
      expect(result.stderr).toMatch(/ERROR: {2}extra data after last expected column/);
      expect(result.stdout.trim()).toBe('still here|0');
      expect(result.code).toBe(0);
    },
  );

  it.skipIf(!binDir)('loads a dump’s COPY … FROM stdin blocks with psql', async () => {
    const url = server.server.dbUrl ?? '';
    // As npm run db:dump writes them (pg_dump's plain format).
    const dump = [
      "SET client_encoding = 'UTF8';",
      'CREATE TABLE public.dumped (id integer NOT NULL, name text, note text);',
      '',
      '--',
      '-- Data for Name: dumped; Type: TABLE DATA; Schema: public; Owner: postgres',
      '--',
      '',
      'COPY public.dumped (id, name, note) FROM stdin;',
      '1\tAda\t\\N',
      '2\tGrace\tline one\\nline two',
      '\\.',
      '',
      '',
      'ALTER TABLE ONLY public.dumped ADD CONSTRAINT dumped_pkey PRIMARY KEY (id);',
      '',
    ].join('\n');
    const result = await psqlWithInput(
      url,
      ['-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', '-'],
      dump,
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const { rows } = await server.server.db.query<{
      id: number;
      name: string;
      note: string | null;
    }>('select id, name, note from public.dumped order by id');
    expect(rows).toEqual([
      { id: 1, name: 'Ada', note: null },
      { id: 2, name: 'Grace', note: 'line one\nline two' },
    ]);
  });
});

describe('a database-port client idle inside a transaction', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ dbPort: 0, dbIdleInTransactionMs: 300 });
    await readAuthor(server);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is ended and rolled back after the timeout, so the API is not held', async () => {
    const client = new pg.Client({ connectionString: server.server.dbUrl ?? '' });
    // The FATAL error first, then the closed socket's "terminated unexpectedly".
    const ended = new Promise<Error & { code?: string }>((resolve) => client.on('error', resolve));
    await client.connect();
    await client.query('begin');
    await client.query(commentSql('idle'));
    const { error } = await insertComment(server, 'after-idle');
    expect(error).toBeNull();
    const failure = await ended;
    expect(failure.code).toBe('25P03');
    expect(failure.message).toMatch(/idle-in-transaction timeout/);
    expect(await countComments(server, 'idle')).toBe(0);
    await client.end().catch(() => undefined);
  });
});
