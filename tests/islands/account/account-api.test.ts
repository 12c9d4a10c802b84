// The account page's requests against a real local backend: what a member can change, what the
// database refuses (and the message it becomes), and what export, deletion and signing out do.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  changeEmail,
  changePassword,
  deleteAccount,
  exportData,
  loadBookmarks,
  loadProfile,
  removeAvatar,
  removeBookmark,
  saveProfile,
  uploadAvatar,
} from '../../../src/islands/account/account-api';
import { startTestServer, type TestServer } from '../../backend/helpers/server.ts';
import { uniqueEmail } from '../../backend/helpers/mail.ts';
import { demoSecondFactors, passSecondFactor } from '../../backend/helpers/second-factor.ts';
import { newMember as newSignedInMember } from '../comments/support';

const password = 'account-tester-1';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** A new confirmed member, signed in with a client of their own, whose password the tests know. */
function newMember(name = 'Account Tester') {
  return newSignedInMember(server, name, password);
}

/** The smallest valid PNG (1×1 pixel), as a browser File would carry it. */
function png(bytes = 0): Blob {
  const pixel = Uint8Array.from(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  );
  return new Blob([pixel, new Uint8Array(bytes)], { type: 'image/png' });
}

async function avatarFiles(client: SupabaseClient, id: string): Promise<string[]> {
  const { data } = await client.storage.from('avatars').list(id);
  return (data ?? []).map((object) => object.name);
}

describe('profile', () => {
  it('a member renames themselves and picks a language; the database trims the name', async () => {
    const { client, id } = await newMember();
    const saved = await saveProfile(client, id, { display_name: '  Ana Lee ', locale: 'de' });
    expect(saved).toMatchObject({ ok: true, value: { display_name: 'Ana Lee', locale: 'de' } });
    expect(await loadProfile(client, id)).toMatchObject({ ok: true, value: { locale: 'de' } });
    // The language also reaches the auth user, so e-mails come in it.
    const { data } = await client.auth.refreshSession();
    expect(data.user?.user_metadata['locale']).toBe('de');
  });

  it('the database refuses a name over 40 characters, explained by the name rule', async () => {
    const { client, id } = await newMember('Kept Name');
    const saved = await saveProfile(client, id, { display_name: 'x'.repeat(41) });
    expect(saved).toEqual({ ok: false, error: 'errors.displayNameLength' });
    expect(await loadProfile(client, id)).toMatchObject({ value: { display_name: 'Kept Name' } });
  });

  it('a member cannot change someone else’s profile', async () => {
    const other = await newMember('Other Person');
    const { client } = await newMember();
    const saved = await saveProfile(client, other.id, { display_name: 'Hijacked' });
    expect(saved.ok).toBe(false);
    expect(await loadProfile(other.client, other.id)).toMatchObject({
      value: { display_name: 'Other Person' },
    });
  });
});

describe('avatar', () => {
  it('an upload becomes the avatar, a second replaces it, removing clears both', async () => {
    const { client, id } = await newMember();
    const first = await uploadAvatar(client, id, png());
    if (!first.ok) throw new Error(first.error);
    expect(first.value.avatar_path).toMatch(new RegExp(`^${id}/avatar-\\d+\\.png$`));
    const served = await fetch(
      `${server.url}/storage/v1/object/public/avatars/${first.value.avatar_path ?? ''}`,
    );
    expect(served.status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await uploadAvatar(client, id, png());
    if (!second.ok) throw new Error(second.error);
    expect(second.value.avatar_path).not.toBe(first.value.avatar_path);
    expect(await avatarFiles(client, id)).toEqual([second.value.avatar_path?.split('/')[1]]);

    const removed = await removeAvatar(client, id);
    expect(removed).toMatchObject({ ok: true, value: { avatar_path: null } });
    expect(await avatarFiles(client, id)).toEqual([]);
  });

  it('a picture over 2 MB or of another type is refused before sending', async () => {
    const { client, id } = await newMember();
    expect(await uploadAvatar(client, id, png(2 * 1024 * 1024))).toEqual({
      ok: false,
      error: 'errors.fileTooLarge',
    });
    const gif = new Blob(['GIF89a'], { type: 'image/gif' });
    expect(await uploadAvatar(client, id, gif)).toEqual({ ok: false, error: 'errors.fileType' });
    expect(await avatarFiles(client, id)).toEqual([]);
  });

  it('storage itself refuses what the page would not send, with the same messages', async () => {
    const { client, id } = await newMember();
    const big = await client.storage
      .from('avatars')
      .upload(`${id}/big.png`, png(2 * 1024 * 1024), { contentType: 'image/png' });
    const text = await client.storage
      .from('avatars')
      .upload(`${id}/note.txt`, new Blob(['hello']), { contentType: 'text/plain' });
    const { errorKey } = await import('../../../src/islands/shared/error-keys');
    expect([errorKey(big.error), errorKey(text.error)]).toEqual([
      'errors.fileTooLarge',
      'errors.fileType',
    ]);
  });
});

describe('bookmarks', () => {
  it('a member sees their own bookmarks, newest first, and removes one', async () => {
    const { client } = await newMember();
    for (const key of ['older-article', 'newer-article']) {
      const { error } = await client.from('bookmarks').insert({ article_key: key });
      if (error) throw error;
    }
    const other = await newMember();
    await other.client.from('bookmarks').insert({ article_key: 'someone-elses' });

    const listed = await loadBookmarks(client);
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.value.map((b) => b.article_key)).toEqual(['newer-article', 'older-article']);

    expect(await removeBookmark(client, 'older-article')).toEqual({ ok: true, value: null });
    expect(await removeBookmark(client, 'someone-elses')).toEqual({ ok: true, value: null });
    const after = await loadBookmarks(client);
    expect(after.ok && after.value.map((b) => b.article_key)).toEqual(['newer-article']);
    const theirs = await loadBookmarks(other.client);
    expect(theirs.ok && theirs.value.map((b) => b.article_key)).toEqual(['someone-elses']);
  });
});

describe('password and e-mail', () => {
  it('a too short or unchanged password is refused with its message; a new one works', async () => {
    const { client, email } = await newMember();
    expect(await changePassword(client.auth, 'short')).toEqual({
      ok: false,
      error: 'errors.weakPassword',
    });
    expect(await changePassword(client.auth, password)).toEqual({
      ok: false,
      error: 'errors.samePassword',
    });
    expect(await changePassword(client.auth, 'a-brand-new-pass')).toEqual({
      ok: true,
      value: null,
    });
    const again = server.client();
    const signIn = await again.auth.signInWithPassword({ email, password: 'a-brand-new-pass' });
    expect(signIn.error).toBeNull();
  });

  it('an e-mail change mails a confirmation link to the new and the current address', async () => {
    const { client, email } = await newMember();
    const wanted = uniqueEmail('moved');
    const confirmUrl = 'http://127.0.0.1:4321/en/auth/confirm/';
    expect(await changeEmail(client.auth, ` ${wanted} `, confirmUrl)).toEqual({
      ok: true,
      value: null,
    });
    const [toNew] = await server.messages(wanted);
    const [toCurrent] = await server.messages(email);
    expect(toNew?.type).toBe('email_change');
    expect(toCurrent?.type).toBe('email_change');
    // Until the links are opened, the account keeps its address.
    const { data } = await client.auth.getUser();
    expect(data.user?.email).toBe(email);
  });

  it('an address another account uses is refused with its message', async () => {
    const { client } = await newMember();
    const taken = await newMember();
    expect(
      await changeEmail(client.auth, taken.email, 'http://127.0.0.1/en/auth/confirm/'),
    ).toEqual({ ok: false, error: 'errors.userAlreadyExists' });
  });
});

describe('export, signing out everywhere and deletion', () => {
  it('the export holds the member’s account, profile and bookmarks, and nobody else’s', async () => {
    const { client, id, email } = await newMember('Exporting Eve');
    await client.from('bookmarks').insert({ article_key: 'kept-for-later' });
    const exported = await exportData(client);
    if (!exported.ok) throw new Error(exported.error);
    expect(exported.value).toMatchObject({
      account: { id, email },
      profile: { display_name: 'Exporting Eve' },
      bookmarks: [expect.objectContaining({ article_key: 'kept-for-later' })],
      comments: [],
    });
    // Visitors who are not signed in may not call it at all (execute is revoked from anon).
    expect(await exportData(server.client())).toEqual({ ok: false, error: 'errors.notAllowed' });
  });

  it('signing out everywhere ends the session of the member’s other devices', async () => {
    const { client, email } = await newMember();
    const otherDevice = server.client();
    await otherDevice.auth.signInWithPassword({ email, password });
    const { error } = await client.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();
    const stale = await otherDevice.auth.refreshSession();
    expect(stale.error?.code).toMatch(/refresh_token_not_found|session_not_found/);
  });

  it('deletion removes the account and its pictures; the member can no longer sign in', async () => {
    const { client, id, email } = await newMember();
    await uploadAvatar(client, id, png());
    expect(await deleteAccount(client, id)).toEqual({ ok: true, value: null });
    // The browser's session ends without complaint although its user is gone.
    expect((await client.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect(await avatarFiles(server.admin(), id)).toEqual([]);
    const again = await server.client().auth.signInWithPassword({ email, password });
    expect(again.error?.code).toBe('invalid_credentials');
  });

  it('the last admin cannot delete their account, and is told why', async () => {
    const admin = server.client();
    await admin.auth.signInWithPassword({
      email: 'admin@example.com',
      password: 'polyglot-demo-2026',
    });
    // Past the admin's second factor, as the account page is (members with a factor act at aal2).
    await passSecondFactor(admin, demoSecondFactors.admin);
    const { data } = await admin.auth.getUser();
    expect(await deleteAccount(admin, data.user?.id ?? '')).toEqual({
      ok: false,
      error: 'errors.lastAdmin',
    });
  });
});
