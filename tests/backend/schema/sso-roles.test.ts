// The database's rule for staff roles from single sign-on (20261127120000_sso_staff_roles.sql): what
// auth writes into an SSO identity at each sign-in sets the profile's role from the groups claim.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';
import { createMember, setRoleDirectly } from './support.ts';

const PROVIDER = 'sso:9a1b7c3e-0000-4000-8000-000000000001';

describe('staff roles from the SSO groups claim', () => {
  let db: Database;

  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const roleOf = async (id: string) =>
    (await db.query<{ role: string }>('select role from public.profiles where id = $1', [id]))
      .rows[0]?.role;

  /** Writes the identity as auth does at a sign-in (insert the first time, update later). */
  async function signIn(userId: string, groups: unknown, provider = PROVIDER) {
    const data = { sub: userId, custom_claims: { groups } };
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::text, $1::uuid, $2, $3, now(), now())
       on conflict (provider_id, provider) do update set identity_data = excluded.identity_data`,
      [userId, JSON.stringify(data), provider],
    );
  }

  it('grants the moderator role for the moderators group and takes it away without it', async () => {
    const id = await createMember(db);
    await signIn(id, ['staff', 'moderators']);
    expect(await roleOf(id)).toBe('moderator');
    await signIn(id, ['staff']);
    expect(await roleOf(id)).toBe('member');
  });

  it('reads a single group sent as a string, and treats a missing claim as no groups', async () => {
    const id = await createMember(db);
    await signIn(id, 'moderators');
    expect(await roleOf(id)).toBe('moderator');
    await signIn(id, null);
    expect(await roleOf(id)).toBe('member');
  });

  it('never makes or unmakes an admin', async () => {
    const id = await createMember(db);
    await setRoleDirectly(db, id, 'admin');
    await signIn(id, ['staff']);
    expect(await roleOf(id)).toBe('admin');
  });

  it('leaves accounts of other sign-in ways alone, whatever their identity data says', async () => {
    const id = await createMember(db);
    await setRoleDirectly(db, id, 'moderator');
    await signIn(id, [], 'email');
    expect(await roleOf(id)).toBe('moderator');
  });

  it('follows the groups an operator lists', async () => {
    const id = await createMember(db);
    await db.query(
      "insert into private.sso_group_roles (group_name, role) values ('8f3c-entra-group-id', 'moderator')",
    );
    await signIn(id, ['8f3c-entra-group-id']);
    expect(await roleOf(id)).toBe('moderator');
  });

  it('keeps the table out of the API roles’ reach', async () => {
    const { rows } = await db.query<{ readable: boolean }>(
      "select has_table_privilege('authenticated', 'private.sso_group_roles', 'select') as readable",
    );
    expect(rows[0]?.readable).toBe(false);
  });
});
