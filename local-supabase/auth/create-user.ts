// Creating a user: the one place that writes a new auth.users row, for every way in — e-mail sign-up,
// magic link, invitation, admin create and generate_link, anonymous sign-in, and a first sign-in with
// an OAuth or SAML identity (identities.ts) — so that every account starts out the same.
import type { Tx } from '../db/database.ts';
import { insertEmailIdentity, reread, type UserRow } from './users.ts';
import { checkMetadataSize } from './validate.ts';

/** The identity a new user signs in with, when it is not their e-mail address. */
export interface NewIdentity {
  /** `keycloak`, or `sso:<provider id>` for SAML. */
  provider: string;
  /** The provider's subject: `auth.identities.provider_id`. */
  subject: string;
  data: Record<string, unknown>;
}

export interface NewUser {
  /** Null for an anonymous user, who has no address and no identity (GoTrue SignupAnonymously). */
  email: string | null;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed?: boolean;
  anonymous?: boolean;
  /** An identity from elsewhere (OAuth, SAML) instead of the e-mail identity. */
  identity?: NewIdentity;
}

/**
 * The one place a user is created (GoTrue `signupNewUser` + `createNewIdentity`): the auth.users row
 * and its identity — the e-mail identity for an address, the given one for an external sign-in,
 * none for an anonymous user — then the user as triggers left it. `app_metadata` names the
 * identity's provider. An SSO identity (`sso:<id>`) makes an SSO user (`is_sso_user`).
 */
export async function createUser(tx: Tx, user: NewUser): Promise<UserRow> {
  const provider = user.anonymous ? 'anonymous' : (user.identity?.provider ?? 'email');
  const appMetadata = { provider, providers: [provider], ...user.appMetadata };
  checkMetadataSize(user.userMetadata, 'user_metadata');
  checkMetadataSize(appMetadata, 'app_metadata');
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
        confirmation_token, recovery_token, email_change_token_new, email_change, is_anonymous,
        is_sso_user)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
        'authenticated', $1, $2, case when $3 then now() end, $4, $5, false, now(), now(),
        '', '', '', '', $6, $7)
     returning id`,
    [
      user.email,
      user.passwordHash ?? '',
      user.confirmed ?? false,
      appMetadata,
      user.userMetadata,
      user.anonymous ?? false,
      provider.startsWith('sso:'),
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('the new user was not written');
  if (user.identity) {
    await insertIdentity(tx, id, user.identity);
  } else if (!user.anonymous && user.email !== null) {
    const identityData = {
      ...user.userMetadata,
      sub: id,
      email: user.email,
      email_verified: user.confirmed ?? false,
      phone_verified: false,
    };
    await insertEmailIdentity(tx, id, identityData);
  }
  return reread(tx, id);
}

/** Adds an identity from elsewhere to a user; returns its id. */
export async function insertIdentity(tx: Tx, userId: string, identity: NewIdentity) {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,
        created_at, updated_at)
     values ($1, $2, $3, $4, now(), now(), now()) returning id`,
    [identity.subject, userId, identity.data, identity.provider],
  );
  return rows[0]?.id ?? '';
}
