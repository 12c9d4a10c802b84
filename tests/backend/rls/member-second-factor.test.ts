// Members with a second factor (migration 20261127160000) on the real policies: with a verified
// factor, a session that has not passed it (aal1, what a password sign-in yields before the code)
// reads what a signed-out reader reads and changes nothing; the same member at aal2 does all the
// RLS matrix allows. Members without a factor keep acting at aal1: the matrix (cases.ts) runs them
// so, unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../local-supabase/db/database.ts';
import { freshDatabase, secondFactorClaims, userClaims } from '../helpers/database.ts';
import { rlsCases, type RlsCase } from './cases.ts';
import { avatarFixtures, demoUsers, seededComments } from './demo.ts';
import { isAllowed, runSqlCaseWith, type Outcome } from './run-sql-case.ts';

const { member, otherMember } = demoUsers;
const atAal1 = userClaims(member.id, member.email);
const atAal2 = secondFactorClaims(member.id, member.email);

/** What a signed-out reader may read too: these stay open to a sign-in that owes its factor. */
const publicReads = new Set([
  "member can read the member's public profile",
  "member can read the member's visible comment",
  "member can see the member's reaction",
  'member can read reaction counts',
  "member can see the member's avatar",
  // Deliberately open (see the migration): the moderation page reads the role at aal1.
  "member can read the member's profile",
]);

/** Every case the matrix lets the member do. */
const memberCases = rlsCases.filter((c) => c.actor === 'member' && c.allowed);

let db: Database;

async function addVerifiedTotp(userId: string): Promise<void> {
  await db.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, 'Phone', 'totp', 'verified', now(), now(), 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')`,
    [userId],
  );
}

type CallResult = { rows: unknown[] } | { error: string };

/** Runs `sql` with these claims and rolls it back: the rows it returned, or the error's code and message. */
async function call(sql: string, claims: typeof atAal1): Promise<CallResult> {
  let result: CallResult = { error: 'no outcome' };
  try {
    await db.asRole(claims, async (tx) => {
      result = { rows: (await tx.query(sql)).rows };
      throw new Error('rollback');
    });
  } catch (error) {
    const failure = error as { code?: string; message: string };
    if (failure.message !== 'rollback')
      result = { error: `${failure.code ?? ''} ${failure.message}` };
  }
  return result;
}

/** The SQLSTATE a call failed with, or null when it returned rows. */
function sqlState(result: CallResult): string | null {
  return 'error' in result ? (result.error.split(' ')[0] ?? '') : null;
}

beforeAll(async () => {
  db = await freshDatabase();
  for (const fixture of avatarFixtures) {
    const owner = demoUsers[fixture.owner].id;
    await db.query(
      `insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
       values ('avatars', $1, $2::uuid, $3, '{"size": 100, "mimetype": "image/png"}')`,
      [fixture.name, owner, owner],
    );
  }
  await addVerifiedTotp(member.id);
});
afterAll(async () => {
  await db.close();
});

describe('a member with a verified second factor', () => {
  it('is checked on every kind of thing the matrix lets a member do', () => {
    const targets = new Set(memberCases.map((c) => `${c.target} ${c.operation}`));
    for (const expected of [
      'comments insert',
      'comments update',
      'reactions insert',
      'reactions delete',
      'bookmarks select',
      'bookmarks insert',
      'bookmarks delete',
      'comment_reports select',
      'comment_reports insert',
      'profiles update',
      'avatars insert',
      'avatars update',
      'avatars delete',
    ]) {
      expect(targets).toContain(expected);
    }
    for (const name of publicReads) expect(memberCases.map((c) => c.name)).toContain(name);
  });

  it.each(memberCases.map((c) => [c.name, c] as const))(
    'at aal1: %s only if a signed-out reader could read it too',
    async (_name, testCase: RlsCase) => {
      const outcome: Outcome = await runSqlCaseWith(db, testCase, atAal1);
      expect(isAllowed(testCase, outcome), JSON.stringify(outcome)).toBe(
        publicReads.has(testCase.name),
      );
    },
  );

  it.each(memberCases.map((c) => [c.name, c] as const))(
    'at aal2: %s',
    async (_name, testCase: RlsCase) => {
      const outcome = await runSqlCaseWith(db, testCase, atAal2);
      expect(isAllowed(testCase, outcome), JSON.stringify(outcome)).toBe(true);
    },
  );

  it('sees their own hidden comment only past the factor', async () => {
    await addVerifiedTotp(otherMember.id);
    const sql = `select id from public.comments where id = '${seededComments.otherMemberHidden}'`;
    expect(await call(sql, userClaims(otherMember.id))).toEqual({ rows: [] });
    expect(await call(sql, secondFactorClaims(otherMember.id))).toEqual({
      rows: [{ id: seededComments.otherMemberHidden }],
    });
    await db.query('delete from auth.mfa_factors where user_id = $1', [otherMember.id]);
  });

  it('changes notification settings and sees sent reply e-mails only past the factor', async () => {
    const upsert = `insert into public.notification_preferences (user_id, reply_emails)
      values ('${member.id}', false) returning reply_emails`;
    expect(sqlState(await call(upsert, atAal1))).toBe('42501');
    expect(await call(upsert, atAal2)).toEqual({ rows: [{ reply_emails: false }] });
    await db.query(
      `insert into public.reply_notifications (recipient_id, thread_id, reply_id)
       values ($1, $2, $3)`,
      [member.id, seededComments.memberTopLevel, seededComments.moderatorReply],
    );
    const sent = 'select count(*)::int as sent from public.reply_notifications';
    expect(await call(sent, atAal1)).toEqual({ rows: [{ sent: 0 }] });
    expect(await call(sent, atAal2)).toEqual({ rows: [{ sent: 1 }] });
  });

  it('exports their data and deletes their account only past the factor, with a clear error', async () => {
    for (const sql of ['select public.export_my_data()', 'select public.delete_my_account()']) {
      expect(await call(sql, atAal1)).toEqual({ error: '42501 second_factor_required' });
      expect(await call(sql, atAal2)).toHaveProperty('rows');
    }
    const exported = (await call('select public.export_my_data() as data', atAal2)) as {
      rows: { data: { account: { email: string } } }[];
    };
    expect(exported.rows[0]?.data.account.email).toBe(member.email);
  });

  it('keeps the account functions out of the API roles’ reach under their inner names', async () => {
    expect(sqlState(await call('select private.export_my_data_after_checks()', atAal2))).toBe(
      '42501',
    );
  });
});

describe('a member without a second factor', () => {
  it('exports their data at aal1, as before', async () => {
    const result = await call('select public.export_my_data()', userClaims(otherMember.id));
    expect(result).toHaveProperty('rows');
  });
});
