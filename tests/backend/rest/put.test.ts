// PUT as PostgREST answers it: a single-row upsert addressed by the whole primary key. supabase-js
// never sends PUT, so these requests go through fetch, as another PostgREST client would send them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRestServer, type RestServer } from './server.ts';

const PUT_SQL = `
create table public.put_items (
  id int primary key,
  name text not null,
  note text
);
create table public.put_shelves (
  room text,
  slot int,
  label text,
  primary key (room, slot)
);
grant select, insert, update on public.put_items, public.put_shelves to anon;
insert into public.put_items values (1, 'lamp', 'kept'), (2, 'desk', null);
`;

describe('PUT through fetch', () => {
  let server: RestServer;

  function put(path: string, body: unknown, prefer?: string) {
    return fetch(`${server.rest}/${path}`, {
      method: 'PUT',
      headers: {
        apikey: server.anonKey,
        Authorization: `Bearer ${server.anonKey}`,
        'Content-Type': 'application/json',
        ...(prefer ? { Prefer: prefer } : {}),
      },
      body: JSON.stringify(body),
    });
  }
  async function rows(table: string) {
    const { rows } = await server.db.query(`select * from public.${table} order by 1, 2`);
    return rows;
  }

  beforeAll(async () => {
    server = await startRestServer();
    await server.db.exec(PUT_SQL);
  });
  afterAll(async () => {
    await server.stop();
  });

  it('inserts a row that is not there yet and answers 204 without a body', async () => {
    const response = await put('put_items?id=eq.3', { id: 3, name: 'chair', note: null });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(await rows('put_items')).toContainEqual({ id: 3, name: 'chair', note: null });
  });

  it('replaces an existing row and returns it with return=representation', async () => {
    const response = await put(
      'put_items?id=eq.1&select=id,name',
      { id: 1, name: 'floor lamp', note: 'moved' },
      'return=representation',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ id: 1, name: 'floor lamp' }]);
    expect(await rows('put_items')).toContainEqual({ id: 1, name: 'floor lamp', note: 'moved' });
  });

  it('addresses a composite key by all its columns', async () => {
    const response = await put(
      'put_shelves?room=eq.hall&slot=eq.2',
      { room: 'hall', slot: 2, label: 'maps' },
      'return=representation',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([{ room: 'hall', slot: 2, label: 'maps' }]);
  });

  it('refuses filters other than eq on the whole primary key with 405 PGRST105', async () => {
    const refusal = {
      code: 'PGRST105',
      message: "Filters must include all and only primary key columns with 'eq' operators",
      details: null,
      hint: null,
    };
    for (const path of [
      'put_items',
      'put_items?id=gt.1',
      'put_items?id=not.eq.1',
      'put_items?id=eq.1&name=eq.lamp',
      'put_items?name=eq.lamp',
      'put_items?id=eq.1&or=(name.eq.lamp)',
      'put_shelves?room=eq.hall',
    ]) {
      const response = await put(path, { id: 1, name: 'lamp' });
      expect(response.status, path).toBe(405);
      expect(await response.json(), path).toEqual(refusal);
    }
    expect(await rows('put_items')).toContainEqual({ id: 1, name: 'floor lamp', note: 'moved' });
  });

  it('refuses a body whose key is not the URL one with 400 PGRST115 and changes nothing', async () => {
    const before = await rows('put_items');
    const response = await put('put_items?id=eq.2', { id: 9, name: 'elsewhere' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'PGRST115',
      message: 'Payload values do not match URL in primary key column(s)',
      details: null,
      hint: null,
    });
    expect(await rows('put_items')).toEqual(before);
  });

  it('refuses limit and offset with 400 PGRST114', async () => {
    for (const path of ['put_items?id=eq.2&limit=1', 'put_items?id=eq.2&offset=1']) {
      const response = await put(path, { id: 2, name: 'desk' });
      expect(response.status, path).toBe(400);
      expect(await response.json(), path).toEqual({
        code: 'PGRST114',
        message: 'limit/offset querystring parameters are not allowed for PUT',
        details: null,
        hint: null,
      });
    }
  });

  it('leaves the decision to the table grants: without update on it, an existing row is refused', async () => {
    await server.db.exec('revoke update on public.put_items from anon');
    try {
      const response = await put('put_items?id=eq.2', { id: 2, name: 'standing desk' });
      expect(response.status).toBe(401);
      expect(((await response.json()) as { code: string }).code).toBe('42501');
      expect(await rows('put_items')).toContainEqual({ id: 2, name: 'desk', note: null });
    } finally {
      await server.db.exec('grant update on public.put_items to anon');
    }
  });
});
