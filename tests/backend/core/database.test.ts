import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { anonClaims, freshDatabase, serviceClaims, userClaims } from '../helpers/database.ts';

const alice = '11111111-1111-4111-8111-111111111111';
const bob = '22222222-2222-4222-8222-222222222222';

describe('the database layer on a fresh template copy', () => {
  let db: Database;

  beforeAll(async () => {
    const started = performance.now();
    db = await freshDatabase();
    console.log(`fresh database from template: ${Math.round(performance.now() - started)} ms`);
    await db.exec(`
      create table public.notes (
        id bigint generated always as identity primary key,
        user_id uuid not null default auth.uid() references auth.users (id),
        body text not null
      );
      alter table public.notes enable row level security;
      create policy "members read their own notes" on public.notes
        for select to authenticated using (user_id = auth.uid());
      create policy "members write their own notes" on public.notes
        for insert to authenticated with check (user_id = auth.uid());
      create or replace function public.notify_note() returns trigger language plpgsql as $$
      begin perform pg_notify('notes', new.body); return new; end $$;
      create trigger notes_notify after insert on public.notes
        for each row execute function public.notify_note();
      insert into auth.users (id, email) values ('${alice}', 'alice@example.test'), ('${bob}', 'bob@example.test');
      insert into public.notes (user_id, body) values ('${alice}', 'a1'), ('${alice}', 'a2'), ('${bob}', 'b1');
    `);
  });
  afterAll(async () => {
    await db.close();
  });

  it("has Supabase's roles, schemas and the auth and storage helpers", async () => {
    const { rows } = await db.query<{ roles: string[]; schemas: string[]; bypass: boolean }>(`
      select
        (select array_agg(rolname order by rolname) from pg_roles where rolname in
          ('anon','authenticated','service_role','authenticator','supabase_admin','supabase_auth_admin',
           'supabase_storage_admin','dashboard_user')) as roles,
        (select array_agg(nspname order by nspname) from pg_namespace where nspname in
          ('auth','storage','extensions','realtime','supabase_migrations')) as schemas,
        (select rolbypassrls from pg_roles where rolname = 'service_role') as bypass`);
    expect(rows[0]?.roles).toHaveLength(8);
    expect(rows[0]?.schemas).toEqual([
      'auth',
      'extensions',
      'realtime',
      'storage',
      'supabase_migrations',
    ]);
    expect(rows[0]?.bypass).toBe(true);
    const helpers = await db.query(
      `select storage.foldername('u1/avatars/me.png') as folders, storage.filename('u1/me.png') as file,
              storage.extension('u1/me.png') as ext,
              extensions.crypt('pw', extensions.gen_salt('bf', 4)) like '$2a$%' as bcrypt,
              uuid_generate_v4() is not null as uuid,
              exists (select 1 from pg_publication where pubname = 'supabase_realtime') as publication`,
    );
    expect(helpers.rows[0]).toEqual({
      folders: ['u1', 'avatars'],
      file: 'me.png',
      ext: 'png',
      bcrypt: true,
      uuid: true,
      publication: true,
    });
  });

  it('runs a request as the caller with its claims, so row level security decides', async () => {
    const seen = await db.asRole(userClaims(alice), (tx) =>
      tx.query<{ body: string; uid: string; role: string; who: string }>(
        'select body, auth.uid() as uid, auth.role() as role, current_user as who from notes order by id',
      ),
    );
    expect(seen.rows.map((row) => row.body)).toEqual(['a1', 'a2']);
    expect(seen.rows[0]).toMatchObject({ uid: alice, role: 'authenticated', who: 'authenticated' });
    const anon = await db.asRole(anonClaims, (tx) => tx.query('select * from notes'));
    expect(anon.rows).toEqual([]);
    const service = await db.asRole(serviceClaims, (tx) => tx.query('select * from notes'));
    expect(service.rows).toHaveLength(3);
    const after = await db.query<{ who: string; claims: string }>(
      "select current_user as who, current_setting('request.jwt.claims', true) as claims",
    );
    expect(after.rows[0]).toEqual({ who: 'postgres', claims: '' });
  });

  it("keeps Postgres's SQLSTATE and message when row level security refuses a write", async () => {
    const attempt = db.asRole(userClaims(alice), (tx) =>
      tx.query(`insert into notes (user_id, body) values ('${bob}', 'forged')`),
    );
    await expect(attempt).rejects.toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "notes"',
    });
    const unique = db.query(
      `insert into auth.users (id, email) values ('${alice}', 'again@example.test')`,
    );
    await expect(unique).rejects.toMatchObject({ code: '23505', constraint: 'users_pkey' });
  });

  it('rolls a failed transaction back and keeps serving', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`insert into notes (user_id, body) values ('${bob}', 'rolled back')`);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { rows } = await db.query("select 1 from notes where body = 'rolled back'");
    expect(rows).toEqual([]);
  });

  it('refuses to call the database from inside its own transaction instead of deadlocking', async () => {
    await expect(db.transaction(() => db.query('select 1'))).rejects.toThrow(/use its `tx`/);
  });

  it('delivers notifications after commit and none after a rollback', async () => {
    const received: string[] = [];
    const stop = await db.listen('notes', (payload) => received.push(payload));
    await db.asRole(userClaims(bob), (tx) =>
      tx.query("insert into notes (body) values ('committed')"),
    );
    await db
      .transaction(async (tx) => {
        await tx.query(`insert into notes (user_id, body) values ('${bob}', 'undone')`);
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await db.query('select 1');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await stop();
    expect(received).toEqual(['committed']);
  });

  it('keeps the main thread responsive while a slow query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 10);
    await db.query('select pg_sleep(0.4)');
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
  });
});
