// The local backend for the islands' data tests (comments, moderation, account), with the seed's
// demo members and fresh ones.
import type { SupabaseClient } from '@supabase/supabase-js';
import { uniqueEmail } from '../../backend/helpers/mail.ts';
import { passSecondFactor, staffFactor } from '../../backend/helpers/second-factor.ts';
import type { TestServer } from '../../backend/helpers/server.ts';

export const demoPassword = 'polyglot-demo-2026';
export const demo = {
  member: { id: '5eed0000-0000-4000-8000-000000000001', email: 'member@example.com' },
  second: { id: '5eed0000-0000-4000-8000-000000000002', email: 'second@example.com' },
  moderator: { id: '5eed0000-0000-4000-8000-000000000003', email: 'moderator@example.com' },
  admin: { id: '5eed0000-0000-4000-8000-000000000004', email: 'admin@example.com' },
} as const;

/** A browser-like client signed in as a demo member; the moderator and admin past their second factor. */
export async function signedIn(
  server: TestServer,
  who: keyof typeof demo,
): Promise<SupabaseClient> {
  const client = server.client();
  const { error } = await client.auth.signInWithPassword({
    email: demo[who].email,
    password: demoPassword,
  });
  if (error) throw error;
  const factor = staffFactor(who);
  if (factor) await passSecondFactor(client, factor);
  return client;
}

let articles = 0;
/** An article key no other test uses. */
export function freshArticleKey(): string {
  articles += 1;
  return `test-article-${articles}-${Date.now().toString(36)}`;
}

/**
 * A new confirmed member with their own rate-limit budget, signed in with a client of their own;
 * `name` is their display name.
 */
export async function newMember(
  server: TestServer,
  name = 'Test Member',
  password = 'member-tester-1',
): Promise<{ client: SupabaseClient; id: string; email: string }> {
  const email = uniqueEmail('member');
  const created = await server.admin().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { locale: 'en', display_name: name },
  });
  if (created.error) throw created.error;
  const client = server.client();
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, id: created.data.user.id, email };
}
