// The publication that moves out (tests/backend/durability/move-out*.test.ts): the demo data plus
// members who registered with a password, uploaded an avatar, commented, replied, reacted and
// bookmarked, each through the API as the member.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { tinyPng } from '../storage/support.ts';
import type { TestServer } from './server.ts';

export const MOVING_PASSWORD = 'moving-out-password-1';
export const movingMembers = ['ada@moving.test', 'grace@moving.test'];
export const MOVING_ARTICLE = 'moving.out';

/** A browser-like client of `url`, signed in as `email` with the members' password. */
export async function signInAt(
  url: string,
  anonKey: string,
  email: string,
): Promise<SupabaseClient> {
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { error } = await client.auth.signInWithPassword({ email, password: MOVING_PASSWORD });
  if (error) throw new Error(`${email} could not sign in: ${error.message}`);
  return client;
}

/** Registers `movingMembers` on `source`, each with an avatar, a comment, a reply, a reaction and a bookmark. */
export async function populateMovingOut(source: TestServer): Promise<void> {
  const admin = source.admin();
  for (const [i, email] of movingMembers.entries()) {
    const created = await admin.auth.admin.createUser({
      email,
      password: MOVING_PASSWORD,
      email_confirm: true,
      user_metadata: { display_name: `Member ${i}` },
    });
    if (created.error) throw created.error;
    const client = await signInAt(source.url, source.anonKey, email);
    const id = created.data.user.id;
    const path = `${id}/avatar.png`;
    const upload = await client.storage
      .from('avatars')
      .upload(path, tinyPng, { contentType: 'image/png' });
    if (upload.error) throw upload.error;
    await client.from('profiles').update({ avatar_path: path }).eq('id', id).throwOnError();
    const comment = await client
      .from('comments')
      .insert({ article_key: MOVING_ARTICLE, body: `Hello from ${email}`, language: 'en' })
      .select('id')
      .single()
      .throwOnError();
    await client
      .from('comments')
      .insert({
        article_key: MOVING_ARTICLE,
        body: `A reply by ${email}`,
        language: 'en',
        parent_id: comment.data.id,
      })
      .throwOnError();
    await client
      .from('reactions')
      .insert({ article_key: MOVING_ARTICLE, kind: 'like' })
      .throwOnError();
    await client.from('bookmarks').insert({ article_key: MOVING_ARTICLE }).throwOnError();
  }
}
