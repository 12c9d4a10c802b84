// What sign-up answers for an address that already has a confirmed account, when confirmations are
// on: a made-up unconfirmed user, so that sign-up cannot be used to learn who has an account.
//
// GoTrue's sanitizeUser answers with `identities: []` and an empty role, which tells the two apart
// (supabase-js users are told to look for the empty list). Here the made-up user is built exactly as
// a new one is serialized: the same fields, one e-mail identity, timestamps in Postgres's format and
// metadata in jsonb's key order, so the two answers cannot be told apart by their shape.
import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/database.ts';
import { toUserJson, type UserRow } from './users.ts';

export async function obfuscatedUser(
  tx: Tx,
  email: string,
  data: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const id = randomUUID();
  // One now(), as a new user's row, identity and confirmation time all get in one transaction.
  const { rows } = await tx.query<{
    now: Date;
    stamp: string;
    metadata: Record<string, unknown>;
    identity_data: Record<string, unknown>;
  }>(
    `select now() as now, to_jsonb(now()) #>> '{}' as stamp, $1::jsonb as metadata,
       $1::jsonb || jsonb_build_object('sub', $2::text, 'email', $3::text,
         'email_verified', false, 'phone_verified', false) as identity_data`,
    [data, id, email],
  );
  const made = rows[0];
  if (!made) throw new Error('now() returned no row');
  const user: UserRow = {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    encrypted_password: null,
    email_confirmed_at: null,
    invited_at: null,
    confirmation_token: null,
    confirmation_sent_at: made.now,
    recovery_token: null,
    recovery_sent_at: null,
    email_change_token_new: null,
    email_change: '',
    email_change_sent_at: null,
    email_change_token_current: null,
    email_change_confirm_status: 0,
    reauthentication_token: null,
    reauthentication_sent_at: null,
    factors_json: [],
    last_sign_in_at: null,
    raw_app_meta_data: { provider: 'email', providers: ['email'] },
    raw_user_meta_data: made.metadata,
    created_at: made.now,
    updated_at: made.now,
    phone: null,
    phone_confirmed_at: null,
    confirmed_at: null,
    banned_until: null,
    deleted_at: null,
    is_anonymous: false,
    is_sso_user: false,
    identities_json: [
      {
        id: randomUUID(),
        provider_id: id,
        user_id: id,
        identity_data: made.identity_data,
        provider: 'email',
        last_sign_in_at: made.stamp,
        created_at: made.stamp,
        updated_at: made.stamp,
        email: email.toLowerCase(),
      },
    ],
  };
  return toUserJson(user);
}
