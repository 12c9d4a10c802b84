// Staff on two factors, enforced by the database (migration 20261127110000): the demo moderator and
// admin signed in with their password alone (aal1) are refused moderation and role changes by the
// functions and see no reports through RLS; after their seeded TOTP factor (aal2) they are admitted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSecondFactors, passSecondFactor, totpCode } from '../helpers/second-factor.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { demoPassword, demoUsers, seededComments } from '../rls/demo.ts';

describe('moderation and admin actions need a second factor', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  async function passwordOnly(who: 'member' | 'moderator' | 'admin') {
    const client = server.client();
    const { error } = await client.auth.signInWithPassword({
      email: demoUsers[who].email,
      password: demoPassword,
    });
    expect(error).toBeNull();
    return client;
  }

  it('refuses a moderator at aal1 and admits the same moderator at aal2', async () => {
    const moderator = await passwordOnly('moderator');
    const level = await moderator.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

    const refused = await moderator.rpc('hide_comment', {
      comment_id: seededComments.otherMemberVisible,
    });
    expect(refused.error).toMatchObject({ code: '42501', message: 'second_factor_required' });
    expect((await moderator.rpc('is_moderator')).data).toBe(false);
    const reportsAtAal1 = await moderator.from('comment_reports').select('id');
    expect(reportsAtAal1.data).toEqual([]);

    await passSecondFactor(moderator, demoSecondFactors.moderator);
    expect((await moderator.rpc('is_moderator')).data).toBe(true);
    const reports = await moderator.from('comment_reports').select('id');
    expect(reports.data?.length).toBeGreaterThan(0);
    const hidden = await moderator.rpc('hide_comment', {
      comment_id: seededComments.otherMemberVisible,
    });
    expect(hidden.error).toBeNull();
    expect((hidden.data as { status: string }).status).toBe('hidden');
    expect(
      (await moderator.rpc('restore_comment', { comment_id: seededComments.otherMemberVisible }))
        .error,
    ).toBeNull();
  });

  it('refuses an admin at aal1 a role change, and admits the same admin at aal2', async () => {
    const admin = await passwordOnly('admin');
    const args = { user_id: demoUsers.otherMember.id, role: 'moderator' };
    expect((await admin.rpc('set_role', args)).error).toMatchObject({ message: 'not_allowed' });
    await passSecondFactor(admin, demoSecondFactors.admin);
    expect((await admin.rpc('set_role', args)).error).toBeNull();
    expect(
      (await admin.rpc('set_role', { user_id: demoUsers.otherMember.id, role: 'member' })).error,
    ).toBeNull();
  });

  it('still refuses a member, whose rights do not grow with a second factor', async () => {
    const member = await passwordOnly('member');
    const refused = await member.rpc('hide_comment', {
      comment_id: seededComments.otherMemberVisible,
    });
    expect(refused.error).toMatchObject({ code: '42501', message: 'not_allowed' });
  });

  it('refuses a wrong code for the seeded factor, leaving the moderator at aal1', async () => {
    const moderator = await passwordOnly('moderator');
    const { factorId, secret } = demoSecondFactors.moderator;
    const { error } = await moderator.auth.mfa.challengeAndVerify({
      factorId,
      code: totpCode(secret) === '000000' ? '111111' : '000000',
    });
    expect(error?.code).toBe('mfa_verification_failed');
    expect((await moderator.rpc('is_moderator')).data).toBe(false);
  });
});
