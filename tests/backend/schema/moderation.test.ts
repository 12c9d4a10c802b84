import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { freshDatabase } from '../helpers/database.ts';
import { demoUsers } from '../rls/demo.ts';
import {
  createMember,
  postComment,
  queryAs,
  queryAtAal1,
  refusal,
  setRoleDirectly,
} from './support.ts';

const { moderator, admin } = demoUsers;
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('moderation functions', () => {
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
  const visibleToAnon = async (commentId: string) =>
    (await queryAs(db, null, 'select 1 from public.comments where id = $1', [commentId])).rows
      .length === 1;

  it('count staff only with a second factor: at aal1 a moderator is refused and told why', async () => {
    const check = 'select public.is_moderator() as moderator, public.is_admin() as admin';
    const atAal1 = await queryAtAal1<{ moderator: boolean; admin: boolean }>(
      db,
      demoUsers.admin.id,
      check,
    );
    expect(atAal1.rows[0]).toEqual({ moderator: false, admin: false });
    const atAal2 = await queryAs<{ moderator: boolean; admin: boolean }>(
      db,
      demoUsers.admin.id,
      check,
    );
    expect(atAal2.rows[0]).toEqual({ moderator: true, admin: true });
    const error = await refusal(
      queryAtAal1(db, demoUsers.moderator.id, 'select public.hide_comment($1)', [
        '5eedc000-0000-4000-8000-000000000003',
      ]),
    );
    expect(error).toMatchObject({ code: '42501', message: 'second_factor_required' });
  });

  it('tell who moderates: is_moderator() is true for moderators and admins only', async () => {
    const answers: Record<string, unknown> = {};
    for (const [who, id] of [
      ['anon', null],
      ['member', demoUsers.member.id],
      ['moderator', moderator.id],
      ['admin', admin.id],
    ] as const) {
      const { rows } = await queryAs<{ yes: boolean }>(
        db,
        id,
        'select public.is_moderator() as yes',
      );
      answers[who] = rows[0]?.yes;
    }
    expect(answers).toEqual({ anon: false, member: false, moderator: true, admin: true });
  });

  it('let moderators hide a comment from readers and restore it', async () => {
    const author = await createMember(db);
    const comment = await postComment(db, author);
    const hidden = await queryAs<{ status: string }>(
      db,
      moderator.id,
      'select status from public.hide_comment($1)',
      [comment],
    );
    expect(hidden.rows).toEqual([{ status: 'hidden' }]);
    expect(await visibleToAnon(comment)).toBe(false);
    const seenByAuthor = await queryAs(
      db,
      author,
      'select status from public.comments where id = $1',
      [comment],
    );
    expect(seenByAuthor.rows).toEqual([{ status: 'hidden' }]);

    await queryAs(db, admin.id, 'select public.restore_comment($1)', [comment]);
    expect(await visibleToAnon(comment)).toBe(true);
  });

  it('refuse members, unknown comments and withdrawn comments', async () => {
    const author = await createMember(db);
    const comment = await postComment(db, author);
    const byMember = await refusal(
      queryAs(db, author, 'select public.hide_comment($1)', [comment]),
    );
    expect({ code: byMember.code, message: byMember.message }).toEqual({
      code: '42501',
      message: 'not_allowed',
    });
    const unknown = await refusal(
      queryAs(db, moderator.id, 'select public.hide_comment($1)', [
        '00000000-0000-4000-8000-000000000000',
      ]),
    );
    expect(unknown.message).toBe('not_found');
    await queryAs(db, author, "update public.comments set status = 'deleted' where id = $1", [
      comment,
    ]);
    const withdrawn = await refusal(
      queryAs(db, moderator.id, 'select public.restore_comment($1)', [comment]),
    );
    expect(withdrawn.message).toBe('invalid_state');
  });

  it('let moderators suspend members, but not moderators, admins or themselves', async () => {
    const member = await createMember(db);
    const until = inAnHour();
    await queryAs(db, moderator.id, 'select public.suspend_commenting($1, $2)', [member, until]);
    const { rows } = await db.query<{ until: string }>(
      'select commenting_suspended_until as until from public.profiles where id = $1',
      [member],
    );
    expect(new Date(rows[0]?.until ?? 0).toISOString()).toBe(until);

    const otherModerator = await createMember(db);
    await setRoleDirectly(db, otherModerator, 'moderator');
    for (const target of [otherModerator, admin.id, moderator.id]) {
      const error = await refusal(
        queryAs(db, moderator.id, 'select public.suspend_commenting($1, $2)', [target, inAnHour()]),
      );
      expect(error.message).toBe('not_allowed');
    }
    await queryAs(db, admin.id, 'select public.suspend_commenting($1, $2)', [
      otherModerator,
      inAnHour(),
    ]);

    const byMember = await refusal(
      queryAs(db, member, 'select public.suspend_commenting($1, $2)', [otherModerator, inAnHour()]),
    );
    expect(byMember.message).toBe('not_allowed');
  });

  it('refuse suspensions that end in the past; null lifts a suspension', async () => {
    const member = await createMember(db);
    const past = await refusal(
      queryAs(db, moderator.id, 'select public.suspend_commenting($1, $2)', [
        member,
        new Date(Date.now() - 1000).toISOString(),
      ]),
    );
    expect(past.message).toBe('invalid_until');
    await queryAs(db, moderator.id, 'select public.suspend_commenting($1, $2)', [
      member,
      inAnHour(),
    ]);
    await queryAs(db, moderator.id, 'select public.suspend_commenting($1, null)', [member]);
    await expect(postComment(db, member)).resolves.toBeTypeOf('string');
  });

  it('let admins grant and revoke the moderator role', async () => {
    const member = await createMember(db);
    await queryAs(db, admin.id, "select public.set_role($1, 'moderator')", [member]);
    expect(await roleOf(member)).toBe('moderator');
    const { rows } = await queryAs<{ yes: boolean }>(
      db,
      member,
      'select public.is_moderator() as yes',
    );
    expect(rows[0]?.yes).toBe(true);
    await queryAs(db, admin.id, "select public.set_role($1, 'member')", [member]);
    expect(await roleOf(member)).toBe('member');
  });

  it('never hand out the admin role, and only admins change roles', async () => {
    const member = await createMember(db);
    const makeAdmin = await refusal(
      queryAs(db, admin.id, "select public.set_role($1, 'admin')", [member]),
    );
    expect({ code: makeAdmin.code, message: makeAdmin.message }).toEqual({
      code: 'P0001',
      message: 'invalid_role',
    });
    for (const caller of [member, moderator.id]) {
      const error = await refusal(
        queryAs(db, caller, "select public.set_role($1, 'moderator')", [caller]),
      );
      expect(error.message).toBe('not_allowed');
    }
    expect(await roleOf(member)).toBe('member');
    expect(await roleOf(moderator.id)).toBe('moderator');
  });

  it('keep at least one admin: the last admin cannot step down, another admin can', async () => {
    const lastAdmin = await refusal(
      queryAs(db, admin.id, "select public.set_role($1, 'member')", [admin.id]),
    );
    expect(lastAdmin.message).toBe('last_admin');

    const secondAdmin = await createMember(db);
    await setRoleDirectly(db, secondAdmin, 'admin');
    const demoteOther = await refusal(
      queryAs(db, admin.id, "select public.set_role($1, 'member')", [secondAdmin]),
    );
    expect(demoteOther.message).toBe('not_allowed');
    await queryAs(db, secondAdmin, "select public.set_role($1, 'moderator')", [secondAdmin]);
    expect(await roleOf(secondAdmin)).toBe('moderator');
    expect(await roleOf(admin.id)).toBe('admin');
  });
});
