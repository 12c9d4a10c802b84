import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';
import { createMember, queryAs, refusal } from './support.ts';

interface Profile {
  display_name: string;
  locale: string;
  role: string;
  avatar_path: string | null;
}

describe('profiles', () => {
  let db: Database;

  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  const profileOf = async (id: string) =>
    (await db.query<Profile>('select * from public.profiles where id = $1', [id])).rows[0];

  it('are created at sign-up with the name and locale from the sign-up metadata', async () => {
    const id = await createMember(db, {
      metadata: { display_name: '  Zoë Dupont ', locale: 'fr' },
    });
    expect(await profileOf(id)).toMatchObject({
      display_name: 'Zoë Dupont',
      locale: 'fr',
      role: 'member',
      avatar_path: null,
    });
  });

  it("fall back to the e-mail's local part, cut to 40 printable characters, and to English", async () => {
    const local = 'a'.repeat(45);
    const fromEmail = await createMember(db, {
      email: `${local}@example.test`,
      metadata: { locale: 'xx' },
    });
    expect(await profileOf(fromEmail)).toMatchObject({
      display_name: 'a'.repeat(40),
      locale: 'en',
    });

    const withControls = await createMember(db, { metadata: { display_name: 'Ti\u0007na\n' } });
    expect((await profileOf(withControls))?.display_name).toBe('Tina');
  });

  it('let members rename themselves, trimmed, 1–40 printable characters', async () => {
    const id = await createMember(db);
    await queryAs(db, id, 'update public.profiles set display_name = $1 where id = $2', [
      '  Ana  ',
      id,
    ]);
    expect((await profileOf(id))?.display_name).toBe('Ana');

    for (const bad of ['   ', 'x'.repeat(41), 'two\nlines', 'bell\u0007']) {
      const error = await refusal(
        queryAs(db, id, 'update public.profiles set display_name = $1 where id = $2', [bad, id]),
      );
      expect(error.code, JSON.stringify(bad)).toBe('23514');
    }
    expect((await profileOf(id))?.display_name).toBe('Ana');
  });

  it('accept only the four locales', async () => {
    const id = await createMember(db);
    await queryAs(db, id, "update public.profiles set locale = 'ar' where id = $1", [id]);
    const error = await refusal(
      queryAs(db, id, "update public.profiles set locale = 'es' where id = $1", [id]),
    );
    expect(error.code).toBe('23514');
    expect((await profileOf(id))?.locale).toBe('ar');
  });

  it('carry a changed locale to the auth user, so later e-mails use it', async () => {
    const id = await createMember(db, { metadata: { locale: 'en', display_name: 'Eli' } });
    await queryAs(db, id, "update public.profiles set locale = 'de' where id = $1", [id]);
    const { rows } = await db.query<{ meta: Record<string, unknown> }>(
      'select raw_user_meta_data as meta from auth.users where id = $1',
      [id],
    );
    expect(rows[0]?.meta).toEqual({ locale: 'de', display_name: 'Eli' });
  });

  it('do not let members make themselves admins or lift their own suspension', async () => {
    const id = await createMember(db);
    const promote = await refusal(
      queryAs(db, id, "update public.profiles set role = 'admin' where id = $1", [id]),
    );
    expect(promote.code).toBe('42501');
    const unsuspend = await refusal(
      queryAs(
        db,
        id,
        'update public.profiles set commenting_suspended_until = null where id = $1',
        [id],
      ),
    );
    expect(unsuspend.code).toBe('42501');
    const viaFunction = await refusal(
      queryAs(db, id, "select public.set_role($1, 'moderator')", [id]),
    );
    expect({ code: viaFunction.code, message: viaFunction.message }).toEqual({
      code: '42501',
      message: 'not_allowed',
    });
    expect((await profileOf(id))?.role).toBe('member');
  });

  it("keep avatars inside the member's own folder", async () => {
    const id = await createMember(db);
    const other = await createMember(db);
    await queryAs(db, id, 'update public.profiles set avatar_path = $1 where id = $2', [
      `${id}/me.webp`,
      id,
    ]);
    const error = await refusal(
      queryAs(db, id, 'update public.profiles set avatar_path = $1 where id = $2', [
        `${other}/me.webp`,
        id,
      ]),
    );
    expect(error.code).toBe('23514');
  });

  it('show everyone a public face (name, avatar, role) and nothing private', async () => {
    const id = await createMember(db, { metadata: { display_name: 'Public Pat' } });
    const view = await queryAs(db, null, 'select * from public.public_profiles where id = $1', [
      id,
    ]);
    expect(view.fields.map((f) => f.name)).toEqual(['id', 'display_name', 'avatar_path', 'role']);
    expect(view.rows).toEqual([
      { id, display_name: 'Public Pat', avatar_path: null, role: 'member' },
    ]);

    const table = await queryAs(db, null, 'select * from public.profiles where id = $1', [id]);
    expect(table.rows).toEqual([]);
  });
});
