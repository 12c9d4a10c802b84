// /passkeys: passkeys as a first factor, as GoTrue's passkey_*.go answer auth-js's registerPasskey,
// signInWithPasskey and auth.passkey.*: registration (signed in), discoverable sign-in (apikey only,
// the user named by the assertion's user handle), list, rename and delete. Every ceremony check is
// @simplewebauthn/server's (webauthn/ceremony.ts).
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { requireUser, type Caller } from '../authenticate.ts';
import { readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { badRequest, forbidden, notFound, unprocessable } from '../errors.ts';
import { listFactors, sessionAal } from '../mfa/factors.ts';
import { checkRateLimit } from '../rate-limit.ts';
import { issueSession, toSessionResponse } from '../sessions.ts';
import { findUserById, isBanned, isConfirmed } from '../users.ts';
import {
  authenticationOptions,
  registrationOptions,
  responseCredentialId,
  responseUserHandle,
  verifyAuthentication,
  verifyRegistration,
} from '../webauthn/ceremony.ts';
import { relyingParty } from '../webauthn/relying-party.ts';
import {
  consumeChallenge,
  createChallenge,
  findOwnPasskey,
  findPasskeyByCredentialId,
  insertPasskey,
  listPasskeys,
  markPasskeyUsed,
  toPasskeyJson,
  toStoredCredential,
} from '../webauthn/store.ts';
import type { Tx } from '../../db/database.ts';

type PasskeyEnv = AppEnv & { Variables: { caller: Caller } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GoTrue's requirePasskeyManagementAAL: with a verified MFA factor, managing passkeys needs aal2. */
async function requireAalForManagement(tx: Tx, caller: Caller, action: string): Promise<void> {
  const factors = await listFactors(tx, caller.user.id);
  if (!factors.some((factor) => factor.status === 'verified')) return;
  if ((await sessionAal(tx, caller.sessionId)) !== 'aal2') {
    throw forbidden('insufficient_aal', `AAL2 required to ${action} passkeys`);
  }
}

function credentialOf(body: Record<string, unknown>): unknown {
  const credential = body['credential'] ?? body['credential_response'];
  if (typeof credential !== 'object' || credential === null) {
    throw badRequest('validation_failed', 'credential is required');
  }
  return credential;
}

async function registrationOptionsRoute(c: Context<PasskeyEnv>, context: AuthContext) {
  const caller = c.get('caller');
  const rp = relyingParty(context.config);
  const answer = await context.db.transaction(async (tx) => {
    await requireAalForManagement(tx, caller, 'register');
    const existing = await listPasskeys(tx, caller.user.id);
    if (existing.length >= context.config.auth.passkey.max_passkeys_per_user) {
      throw unprocessable('too_many_passkeys', 'Maximum number of passkeys reached');
    }
    const options = await registrationOptions(
      rp,
      { id: caller.user.id, email: caller.user.email ?? '' },
      existing.map(toStoredCredential),
      { residentKey: 'required' },
    );
    const challenge = await createChallenge(tx, caller.user.id, 'registration', options.challenge);
    return { challenge_id: challenge.id, options, expires_at: challenge.expiresAt };
  });
  return c.json(answer);
}

async function registrationVerifyRoute(c: Context<PasskeyEnv>, context: AuthContext) {
  const { user } = c.get('caller');
  const body = await readBody(c);
  const challengeId = stringField(body, 'challenge_id') ?? '';
  const credential = credentialOf(body);
  const rp = relyingParty(context.config);
  // The challenge is used up first, whatever the answer (GoTrue consumes it before verifying).
  const expected = await context.db.transaction((tx) =>
    consumeChallenge(tx, challengeId, 'registration', user.id),
  );
  const passkey = await context.db.transaction(async (tx) => {
    const verified = await verifyRegistration(rp, expected, credential);
    const row = await insertPasskey(tx, user.id, verified, '');
    if (!row) {
      throw unprocessable('webauthn_credential_exists', 'This credential is already registered');
    }
    return row;
  });
  return c.json({
    id: passkey.id,
    created_at: new Date(passkey.created_at).toISOString(),
    backup_eligible: passkey.backup_eligible,
    backed_up: passkey.backed_up,
    transports: passkey.transports,
  });
}

async function authenticationOptionsRoute(c: Context, context: AuthContext) {
  checkRateLimit(c, context.limits.signInSignUp);
  const rp = relyingParty(context.config);
  // Discoverable: no credentials named, the authenticator offers the site's passkeys.
  const options = await authenticationOptions(rp, []);
  const challenge = await context.db.transaction((tx) =>
    createChallenge(tx, null, 'authentication', options.challenge),
  );
  return c.json({ challenge_id: challenge.id, options, expires_at: challenge.expiresAt });
}

async function authenticationVerifyRoute(c: Context, context: AuthContext) {
  const body = await readBody(c);
  const challengeId = stringField(body, 'challenge_id') ?? '';
  const credential = credentialOf(body);
  const rp = relyingParty(context.config);
  const expected = await context.db.transaction((tx) =>
    consumeChallenge(tx, challengeId, 'authentication', null),
  );
  const grant = await context.db.transaction(async (tx) => {
    const userId = responseUserHandle(credential);
    const user = UUID.test(userId) ? await findUserById(tx, userId) : null;
    const passkey = user
      ? await findPasskeyByCredentialId(tx, user.id, responseCredentialId(credential))
      : null;
    if (!user || !passkey) {
      throw badRequest('webauthn_verification_failed', 'Credential verification failed');
    }
    const counter = await verifyAuthentication(
      rp,
      expected,
      credential,
      toStoredCredential(passkey),
    );
    if (!isConfirmed(user)) throw forbidden('email_not_confirmed', 'Email not confirmed');
    if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
    await markPasskeyUsed(tx, passkey.id, counter);
    return issueSession(tx, user.id, 'passkey', c.req.header('user-agent'));
  });
  return c.json(await toSessionResponse(context, grant));
}

async function renameRoute(c: Context<PasskeyEnv>, context: AuthContext) {
  const { user } = c.get('caller');
  const body = await readBody(c);
  const name = stringField(body, 'friendly_name') ?? '';
  if (name === '') throw badRequest('validation_failed', 'friendly_name is required');
  if (name.length > 120) {
    throw badRequest('validation_failed', 'friendly_name must be 120 characters or less');
  }
  const renamed = await context.db.transaction(async (tx) => {
    const passkey = await findOwnPasskey(tx, user.id, c.req.param('id') ?? '');
    if (!passkey) throw notFound('validation_failed', 'Passkey not found');
    await tx.query(
      'update auth.webauthn_credentials set friendly_name = $2, updated_at = now() where id = $1',
      [passkey.id, name],
    );
    return { ...passkey, friendly_name: name };
  });
  return c.json(toPasskeyJson(renamed));
}

async function deleteRoute(c: Context<PasskeyEnv>, context: AuthContext) {
  const caller = c.get('caller');
  await context.db.transaction(async (tx) => {
    await requireAalForManagement(tx, caller, 'delete');
    const passkey = await findOwnPasskey(tx, caller.user.id, c.req.param('id') ?? '');
    if (!passkey) throw notFound('validation_failed', 'Passkey not found');
    await tx.query('delete from auth.webauthn_credentials where id = $1', [passkey.id]);
  });
  return c.body(null, 204);
}

export function addPasskeyRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  const passkeys = app as unknown as Hono<PasskeyEnv>;
  passkeys.use('/passkeys/*', async (_c, next) => {
    if (!context.config.auth.passkey.enabled) {
      throw notFound('passkey_disabled', 'Passkeys are disabled');
    }
    await next();
  });
  passkeys.use('/passkeys', async (_c, next) => {
    if (!context.config.auth.passkey.enabled) {
      throw notFound('passkey_disabled', 'Passkeys are disabled');
    }
    await next();
  });
  // Everything but the sign-in ceremony needs a signed-in, non-anonymous user.
  const signedIn = async (c: Context<PasskeyEnv>, next: () => Promise<void>) => {
    const caller = await requireUser(c.req.header('authorization'), context);
    if (caller.claims['is_anonymous'] === true) {
      throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
    }
    c.set('caller', caller);
    await next();
  };
  passkeys.post('/passkeys/authentication/options', (c) => authenticationOptionsRoute(c, context));
  passkeys.post('/passkeys/authentication/verify', (c) => authenticationVerifyRoute(c, context));
  passkeys.post('/passkeys/registration/options', signedIn, (c) =>
    registrationOptionsRoute(c, context),
  );
  passkeys.post('/passkeys/registration/verify', signedIn, (c) =>
    registrationVerifyRoute(c, context),
  );
  passkeys.get('/passkeys', signedIn, async (c) => {
    const rows = await context.db.transaction((tx) => listPasskeys(tx, c.get('caller').user.id));
    return c.json(rows.map(toPasskeyJson));
  });
  passkeys.patch('/passkeys/:id', signedIn, (c) => renameRoute(c, context));
  passkeys.delete('/passkeys/:id', signedIn, (c) => deleteRoute(c, context));
}
