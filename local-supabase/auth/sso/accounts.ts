// Signing a person in from a SAML identity (GoTrue createAccountFromExternalIdentity for SSO): their
// identity with provider `sso:<provider id>` is found or made. SSO accounts are never linked to
// another account by address: `is_sso_user` keeps them apart from a member who signed up with the
// same address (auth.users' unique address index leaves SSO users out).
import type { Tx } from '../../db/database.ts';
import { checkMetadataSize } from '../validate.ts';

export interface SsoIdentity {
  providerType: string;
  userId: string;
  email: string;
  data: Record<string, unknown>;
}

/** The user's id, after creating or refreshing the account and its identity. */
export async function upsertSsoAccount(tx: Tx, identity: SsoIdentity): Promise<string> {
  checkMetadataSize(identity.data, 'user_metadata');
  const { rows } = await tx.query<{ user_id: string }>(
    `update auth.identities set identity_data = $3, last_sign_in_at = now(), updated_at = now()
     where provider_id = $1 and provider = $2 returning user_id`,
    [identity.userId, identity.providerType, identity.data],
  );
  const existing = rows[0]?.user_id;
  if (existing) {
    // GoTrue refreshes user_metadata from the identity and keeps the address current.
    await tx.query(
      `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2,
          email = $3, updated_at = now()
       where id = $1`,
      [existing, identity.data, identity.email.toLowerCase()],
    );
    return existing;
  }
  const appMetadata = { provider: identity.providerType, providers: [identity.providerType] };
  const created = await tx.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
        confirmation_token, recovery_token, email_change_token_new, email_change, is_sso_user)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated',
        'authenticated', $1, '', now(), $2, $3, false, now(), now(), '', '', '', '', true)
     returning id`,
    [identity.email.toLowerCase(), appMetadata, identity.data],
  );
  const id = created.rows[0]?.id ?? '';
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at,
        created_at, updated_at)
     values ($1, $2, $3, $4, now(), now(), now())`,
    [identity.userId, id, identity.data, identity.providerType],
  );
  return id;
}
