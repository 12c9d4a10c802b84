// Everything the account page asks of Supabase, with the clients injected (the island passes the
// page's shared clients, tests clients of a test server). Each call answers a value or the key of
// a translated message; what is allowed is decided by the database (RLS, storage policies and the
// account functions of supabase/migrations/20261122100800_account.sql).
import type { GoTrueClient } from '@supabase/auth-js';
import type { MemberData } from '../shared/client';
import { errorKey, type ErrorKey } from '../shared/error-keys';
import type { Profile } from '../shared/profile';
import { avatarObjectName, avatarProblem } from './account-rules';

export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorKey };

export interface Bookmark {
  article_key: string;
  created_at: string;
}

const profileColumns = 'id, display_name, avatar_path, role, locale';

function failed(error: unknown): { ok: false; error: ErrorKey } {
  return { ok: false, error: errorKey(error) };
}

/** Runs a request and turns a thrown network failure into the offline message. */
async function attempt<T>(request: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await request();
  } catch (error) {
    return failed(error);
  }
}

export function loadProfile(db: MemberData, userId: string): Promise<Result<Profile>> {
  return attempt(async () => {
    const { data, error } = await db
      .from('profiles')
      .select(profileColumns)
      .eq('id', userId)
      .single<Profile>();
    return error ? failed(error) : { ok: true, value: data };
  });
}

/** Changes what a member may change of their profile (name, avatar, language). */
export function saveProfile(
  db: MemberData,
  userId: string,
  changes: Partial<Pick<Profile, 'display_name' | 'avatar_path' | 'locale'>>,
): Promise<Result<Profile>> {
  return attempt(async () => {
    const { data, error } = await db
      .from('profiles')
      .update(changes)
      .eq('id', userId)
      .select(profileColumns)
      .single<Profile>();
    return error ? failed(error) : { ok: true, value: data };
  });
}

/** The names of every object in the member's avatar folder. */
async function ownAvatarObjects(db: MemberData, userId: string): Promise<string[]> {
  const { data, error } = await db.storage.from('avatars').list(userId, { limit: 100 });
  if (error) throw error;
  return data.map((object) => `${userId}/${object.name}`);
}

/**
 * Uploads a new picture, makes it the profile's avatar, then removes the older ones (a failure
 * there leaves a stray file in the member's own folder, never a profile without its picture).
 */
export function uploadAvatar(db: MemberData, userId: string, file: Blob): Promise<Result<Profile>> {
  return attempt(async () => {
    const problem = avatarProblem(file);
    if (problem) return { ok: false, error: problem };
    const name = avatarObjectName(userId, file.type);
    const uploaded = await db.storage
      .from('avatars')
      .upload(name, file, { contentType: file.type, upsert: false });
    if (uploaded.error) return failed(uploaded.error);
    const saved = await saveProfile(db, userId, { avatar_path: name });
    if (!saved.ok) {
      await db.storage.from('avatars').remove([name]);
      return saved;
    }
    const older = (await ownAvatarObjects(db, userId)).filter((object) => object !== name);
    if (older.length > 0) await db.storage.from('avatars').remove(older);
    return saved;
  });
}

/** Clears the avatar (the header shows initials again) and deletes the member's picture files. */
export function removeAvatar(db: MemberData, userId: string): Promise<Result<Profile>> {
  return attempt(async () => {
    const saved = await saveProfile(db, userId, { avatar_path: null });
    if (!saved.ok) return saved;
    const objects = await ownAvatarObjects(db, userId);
    if (objects.length > 0) {
      const { error } = await db.storage.from('avatars').remove(objects);
      if (error) return failed(error);
    }
    return saved;
  });
}

/** The member's bookmarks, newest first. */
export function loadBookmarks(db: MemberData): Promise<Result<Bookmark[]>> {
  return attempt(async () => {
    const { data, error } = await db
      .from('bookmarks')
      .select('article_key, created_at')
      .order('created_at', { ascending: false })
      .overrideTypes<Bookmark[], { merge: false }>();
    return error ? failed(error) : { ok: true, value: data };
  });
}

export function removeBookmark(db: MemberData, articleKey: string): Promise<Result<null>> {
  return attempt(async () => {
    const { error } = await db.from('bookmarks').delete().eq('article_key', articleKey);
    return error ? failed(error) : { ok: true, value: null };
  });
}

/** Everything stored about the member (`export_my_data()`), as one JSON document. */
export function exportData(db: MemberData): Promise<Result<unknown>> {
  return attempt(async () => {
    const response = await db.rpc('export_my_data');
    return response.error ? failed(response.error) : { ok: true, value: response.data as unknown };
  });
}

/**
 * Deletes the account: first the picture files through the storage API (hosted storage keeps a
 * file whose row SQL deletes, see the migration), then `delete_my_account()`. The session this
 * browser still holds is left for the caller to sign out (its user and sessions are gone).
 */
export function deleteAccount(db: MemberData, userId: string): Promise<Result<null>> {
  return attempt(async () => {
    const objects = await ownAvatarObjects(db, userId);
    if (objects.length > 0) {
      const removed = await db.storage.from('avatars').remove(objects);
      if (removed.error) return failed(removed.error);
    }
    const { error } = await db.rpc('delete_my_account');
    return error ? failed(error) : { ok: true, value: null };
  });
}

/**
 * Asks for a new e-mail address: Supabase Auth mails a confirmation link to it (and, with
 * double_confirm_changes, one to the current address); the links land on `/{l}/auth/confirm/`.
 */
export function changeEmail(
  auth: GoTrueClient,
  email: string,
  confirmUrl: string,
): Promise<Result<null>> {
  return attempt(async () => {
    const { error } = await auth.updateUser(
      { email: email.trim() },
      { emailRedirectTo: confirmUrl },
    );
    return error ? failed(error) : { ok: true, value: null };
  });
}

/** Sets a new password; Supabase Auth ends the member's other sessions. */
export function changePassword(auth: GoTrueClient, password: string): Promise<Result<null>> {
  return attempt(async () => {
    const { error } = await auth.updateUser({ password });
    return error ? failed(error) : { ok: true, value: null };
  });
}
