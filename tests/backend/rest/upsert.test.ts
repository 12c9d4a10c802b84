// Upserts as PostgREST answers them: which status, which rows, and what happens to sequences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestServer, type Client, type RestServer } from './server.ts';

const UPSERT_SQL = `
create table public.rest_users (
  id serial primary key,
  username text not null unique,
  display text,
  joined date not null default '2026-01-01'
);
grant select, insert, update on public.rest_users to anon;
grant usage on sequence public.rest_users_id_seq to anon;
insert into public.rest_users (username, display) values ('ann', 'Ann'), ('bob', 'Bob');
`;

describe('upserting through supabase-js', () => {
  let server: RestServer;
  let sb: Client;

  async function nextId(): Promise<number> {
    const { rows } = await server.db.query<{ last: number }>(
      'select last_value::int as last from public.rest_users_id_seq',
    );
    return (rows[0]?.last ?? 0) + 1;
  }

  beforeAll(async () => {
    server = await startRestServer();
    await server.db.exec(UPSERT_SQL);
    sb = server.anon();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('answers 200 with the existing row when the body holds only the conflict key', async () => {
    const result = await sb
      .from('rest_users')
      .upsert({ username: 'ann' }, { onConflict: 'username' })
      .select('id, username, display');
    expect(result.error).toBeNull();
    expect(result.status).toBe(200);
    expect(result.data).toEqual([{ id: 1, username: 'ann', display: 'Ann' }]);
  });

  it('answers 200 when every row merged into an existing one, 201 when one was inserted', async () => {
    const updated = await sb
      .from('rest_users')
      .upsert({ username: 'bob', display: 'Robert' }, { onConflict: 'username' })
      .select('username, display');
    expect(updated.status).toBe(200);
    expect(updated.data).toEqual([{ username: 'bob', display: 'Robert' }]);
    const mixed = await sb
      .from('rest_users')
      .upsert(
        [
          { username: 'bob', display: 'Bobby' },
          { username: 'cyd', display: 'Cyd' },
        ],
        { onConflict: 'username' },
      )
      .select('username, display');
    expect(mixed.status).toBe(201);
    expect(mixed.data).toEqual([
      { username: 'bob', display: 'Bobby' },
      { username: 'cyd', display: 'Cyd' },
    ]);
    // Without a representation the status follows the same rule.
    const minimal = await sb
      .from('rest_users')
      .upsert({ username: 'cyd', display: 'Cy' }, { onConflict: 'username' });
    expect(minimal).toMatchObject({ status: 200, error: null, data: null });
  });

  it('ignoring duplicates answers 201 even when nothing was inserted', async () => {
    const ignored = await sb
      .from('rest_users')
      .upsert(
        { username: 'ann', display: 'Nope' },
        { onConflict: 'username', ignoreDuplicates: true },
      )
      .select('username, display');
    expect(ignored.status).toBe(201);
    expect(ignored.data).toEqual([]);
  });

  it('advances the sequence for every proposed row, as one INSERT … ON CONFLICT does', async () => {
    const before = await nextId();
    const result = await sb
      .from('rest_users')
      .upsert({ username: 'ann', display: 'Ann again' }, { onConflict: 'username' })
      .select('id');
    expect(result.data).toEqual([{ id: 1 }]);
    // Postgres drew an id for the proposed row before it found the conflict.
    expect(await nextId()).toBe(before + 1);
  });

  it('fills missing keys with defaults in one statement, rows in the order sent', async () => {
    const before = await nextId();
    const { data, error, status } = await sb
      .from('rest_users')
      .upsert(
        [
          { username: 'dee', display: 'Dee', joined: '2026-05-05' },
          { username: 'ann', display: 'Ann' },
          { username: 'eve' },
        ],
        { onConflict: 'username', defaultToNull: false },
      )
      .select('id, username, display, joined');
    expect(error).toBeNull();
    expect(status).toBe(201);
    // PostgREST evaluates each default for every row: the sequence advances three times.
    expect(data).toEqual([
      { id: before, username: 'dee', display: 'Dee', joined: '2026-05-05' },
      { id: 1, username: 'ann', display: 'Ann', joined: '2026-01-01' },
      { id: before + 2, username: 'eve', display: null, joined: '2026-01-01' },
    ]);
    expect(await nextId()).toBe(before + 3);
  });
});
