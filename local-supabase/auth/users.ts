// auth.users and auth.identities: reading, updating and the JSON GoTrue sends for a user (creating
// one is create-user.ts).
import type { Tx } from '../db/database.ts';
import { toFactorJson, type FactorRow } from './mfa/factors.ts';
import { checkMetadataSize } from './validate.ts';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
  identities_json: IdentityRow[];
  /** MFA factors without their secrets (GoTrue loads them with the user). */
  factors_json: FactorRow[];
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

/**
 * The user row as `UserRow` wants it, with its identities and factors (GoTrue loads both with a
 * user). `users` and `identities` name where the rows come from: the tables, or a statement's
 * `RETURNING` rows (`issueSession` reads back what it has just written instead of selecting again).
 */
export function selectUserSql(users = 'auth.users', identities = 'auth.identities'): string {
  return `
  select u.*, coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at)
                        from ${identities} i where i.user_id = u.id), '[]'::jsonb) as identities_json,
         coalesce((select jsonb_agg(to_jsonb(f) - 'secret' order by f.created_at)
                   from auth.mfa_factors f where f.user_id = u.id), '[]'::jsonb) as factors_json
  from ${users} u`;
}

const SELECT_USER = selectUserSql();

export async function findUserById(tx: Tx, id: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(`${SELECT_USER} where u.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findUserByEmail(tx: Tx, email: string): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `${SELECT_USER} where lower(u.email) = $1 and u.is_sso_user = false and u.deleted_at is null`,
    [email.toLowerCase()],
  );
  return rows[0] ?? null;
}

export type TokenColumn =
  'confirmation_token' | 'recovery_token' | 'email_change_token_new' | 'email_change_token_current';

/** The user holding an e-mail token hash (with or without the PKCE prefix) in one of the columns. */
export async function findUserByToken(
  tx: Tx,
  columns: TokenColumn[],
  hash: string,
): Promise<UserRow | null> {
  if (!hash || hash.includes('\u0000')) return null;
  const where = columns.map((column) => `u.${column} = $1`).join(' or ');
  const { rows } = await tx.query<UserRow>(`${SELECT_USER} where ${where} limit 1`, [hash]);
  return rows[0] ?? null;
}

export function isConfirmed(user: UserRow): boolean {
  return user.email_confirmed_at !== null;
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now();
}

/** The user's e-mail identity (provider `email`, its id the user's). */
export async function insertEmailIdentity(
  tx: Tx,
  userId: string,
  identityData: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,
        created_at, updated_at)
     values ($1::text, $1::uuid, $2, 'email', now(), now(), now())`,
    [userId, identityData],
  );
}

/** The user as written, triggers' changes included. */
export async function reread(tx: Tx, id: string): Promise<UserRow> {
  const created = await findUserById(tx, id);
  if (!created) throw new Error('The new user disappeared (a trigger deleted it?)');
  return created;
}

export async function confirmEmail(tx: Tx, userId: string): Promise<void> {
  await tx.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
        confirmation_token = '', updated_at = now() where id = $1`,
    [userId],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb,
        updated_at = now() where user_id = $1 and provider = 'email'`,
    [userId],
  );
  await tx.query(
    "delete from auth.one_time_tokens where user_id = $1 and token_type = 'confirmation_token'",
    [userId],
  );
}

/**
 * The new address becomes the user's (GoTrue ConfirmEmailChange): confirmed, pending change and its
 * tokens cleared, the e-mail identity following it. An anonymous user becomes permanent
 * (`is_anonymous` false) with an e-mail identity of their own, as GoTrue converts them.
 */
export async function adoptEmail(tx: Tx, user: UserRow, newEmail: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '',
        email_change_token_current = '', email_change_confirm_status = 0,
        email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false,
        updated_at = now()
     where id = $1`,
    [user.id, newEmail],
  );
  const { rows } = await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text),
        updated_at = now() where user_id = $1 and provider = 'email' returning id`,
    [user.id, newEmail],
  );
  if (rows.length === 0 && user.is_anonymous) {
    const identityData = {
      sub: user.id,
      email: newEmail,
      email_verified: true,
      phone_verified: false,
    };
    await insertEmailIdentity(tx, user.id, identityData);
    await tx.query(
      `update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb)
          || '{"providers": ["email"]}'::jsonb where id = $1`,
      [user.id],
    );
  }
  await storeOneTimeToken(tx, user.id, 'email_change_token_new', '', '');
  await storeOneTimeToken(tx, user.id, 'email_change_token_current', '', '');
}

/** Records or clears an e-mail token (GoTrue keeps it on the user and in auth.one_time_tokens). */
export async function storeOneTimeToken(
  tx: Tx,
  userId: string,
  type:
    | 'confirmation_token'
    | 'recovery_token'
    | 'email_change_token_new'
    | 'email_change_token_current'
    | 'reauthentication_token',
  hash: string,
  relatesTo: string,
): Promise<void> {
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    userId,
    type,
  ]);
  if (hash) {
    await tx.query(
      `insert into auth.one_time_tokens (id, user_id, token_type, token_hash, relates_to)
       values (gen_random_uuid(), $1, $2, $3, $4)`,
      [userId, type, hash, relatesTo],
    );
  }
}

/** GoTrue merges metadata updates key by key; a null value removes the key. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  update: Record<string, unknown>,
  field: 'user_metadata' | 'app_metadata',
): Record<string, unknown> {
  const merged = { ...current, ...update };
  const kept = Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== null));
  checkMetadataSize(kept, field);
  return kept;
}

function iso(date: Date | null): string | undefined {
  return date ? date.toISOString() : undefined;
}

/** The user object as GoTrue serializes it (`omitempty` fields left out when unset). */
export function toUserJson(user: UserRow): Record<string, unknown> {
  const optional: Record<string, string | undefined> = {
    email_confirmed_at: iso(user.email_confirmed_at),
    phone_confirmed_at: iso(user.phone_confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    new_email: user.email_change || undefined,
    email_change_sent_at: iso(user.email_change_sent_at),
    invited_at: iso(user.invited_at),
    last_sign_in_at: iso(user.last_sign_in_at),
    banned_until: iso(user.banned_until),
    deleted_at: iso(user.deleted_at),
  };
  return {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    phone: user.phone ?? '',
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined)),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: user.identities_json.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: identity.last_sign_in_at,
      created_at: identity.created_at,
      updated_at: identity.updated_at,
      email: identity.email,
    })),
    ...(user.factors_json.length > 0 ? { factors: user.factors_json.map(toFactorJson) } : {}),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
    is_sso_user: user.is_sso_user,
  };
}
