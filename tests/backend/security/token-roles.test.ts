// Role checks read from the access token (migration 20261127150000): the staff read policies trust the
// token's `user_role` claim, so a revoked moderator keeps reading the report queue until their next
// token and loses it at the refresh, while moderation actions read the profile and refuse at once. A
// token without the claim (the hook switched off, as on a hosted project that never enabled it) falls
// back to the profile, and a role in the token never admits a session without the second factor.
import type { SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoSecondFactors, passSecondFactor } from '../helpers/second-factor.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { demoPassword, demoUsers, seededComments } from '../rls/demo.ts';

async function moderatorAtAal2(server: TestServer): Promise<SupabaseClient> {
  const client = server.client();
  const { error } = await client.auth.signInWithPassword({
    email: demoUsers.moderator.email,
    password: demoPassword,
  });
  expect(error).toBeNull();
  await passSecondFactor(client, demoSecondFactors.moderator);
  return client;
}

async function claimOf(client: SupabaseClient): Promise<unknown> {
  const { data } = await client.auth.getSession();
  return decodeJwt(data.session?.access_token ?? '')['user_role'];
}

async function reportCount(client: SupabaseClient): Promise<number> {
  const { data, error } = await client.from('comment_reports').select('id');
  expect(error).toBeNull();
  return data?.length ?? 0;
}

async function setRole(server: TestServer, role: string): Promise<void> {
  const { error } = await server
    .admin()
    .from('profiles')
    .update({ role })
    .eq('id', demoUsers.moderator.id);
  expect(error).toBeNull();
}

describe('staff roles read from the access token (hook on)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());

  it('honours the role in the token for reading, and refuses actions at once after a revocation', async () => {
    const moderator = await moderatorAtAal2(server);
    expect(await claimOf(moderator)).toBe('moderator');
    const queue = await reportCount(moderator);
    expect(queue).toBeGreaterThan(0);

    await setRole(server, 'member');

    // The token still says moderator: the report queue and hidden comments stay readable until it runs out.
    expect(await reportCount(moderator)).toBe(queue);
    // Actions and the page's own check read the profile: refused now, with the same token.
    const hide = await moderator.rpc('hide_comment', {
      comment_id: seededComments.otherMemberVisible,
    });
    expect(hide.error).toMatchObject({ code: '42501', message: 'not_allowed' });
    expect((await moderator.rpc('is_moderator')).data).toBe(false);

    // The next token carries the profile's role: the queue is gone.
    const { error } = await moderator.auth.refreshSession();
    expect(error).toBeNull();
    expect(await claimOf(moderator)).toBe('member');
    expect(await reportCount(moderator)).toBe(0);

    await setRole(server, 'moderator');
  });

  it('never admits a token that names a staff role but has no second factor', async () => {
    const moderator = server.client();
    await moderator.auth.signInWithPassword({
      email: demoUsers.moderator.email,
      password: demoPassword,
    });
    expect(await claimOf(moderator)).toBe('moderator');
    expect(await reportCount(moderator)).toBe(0);
  });
});

describe('a token without the role claim (hook off)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      settings: { auth: { hook: { custom_access_token: { enabled: false } } } },
    });
  });
  afterAll(() => server.stop());

  it('falls back to the profile, so a revocation takes effect at once', async () => {
    const moderator = await moderatorAtAal2(server);
    expect(await claimOf(moderator)).toBeUndefined();
    expect(await reportCount(moderator)).toBeGreaterThan(0);

    await setRole(server, 'member');
    expect(await reportCount(moderator)).toBe(0);
    await setRole(server, 'moderator');
  });
});
