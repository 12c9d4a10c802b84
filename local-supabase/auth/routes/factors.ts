// /factors: TOTP and WebAuthn multi-factor authentication as GoTrue's mfa.go answers it: enroll,
// challenge, verify (which raises the session to aal2 and returns new tokens) and unenroll. Factors
// are listed with the user (GET /user), which is where auth-js's `mfa.listFactors()` reads them. Phone
// factors answer as GoTrue does when they are switched off.
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { requireUser, type Caller } from '../authenticate.ts';
import { objectField, readBody, stringField } from '../body.ts';
import type { Tx } from '../../db/database.ts';
import type { AuthContext } from '../context.ts';
import { badRequest, forbidden, unprocessable } from '../errors.ts';
import {
  CHALLENGE_EXPIRY_SECONDS,
  type FactorRow,
  deleteExpiredFactors,
  findOwnFactor,
  insertFactor,
  listFactors,
  raiseSession,
  removeFactor,
  sessionAal,
} from '../mfa/factors.ts';
import { generateTotpKey, totpCodeStep } from '../mfa/totp.ts';
import {
  verifyWebauthnFactor,
  webauthnChallengeOptions,
  type WebAuthnSessionData,
} from '../mfa/webauthn-factor.ts';
import { relyingParty } from '../webauthn/relying-party.ts';
import { checkRateLimit, clientIp } from '../rate-limit.ts';
import { reissueSession, toSessionResponse } from '../sessions.ts';

type FactorEnv = AppEnv & { Variables: { caller: Caller } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FACTOR_TYPES = 'factor_type needs to be totp, phone, or webauthn';

/** mfa_challenges.ip_address is inet: an in-process request has no address. */
function challengeIp(c: Context): string {
  const ip = clientIp(c);
  return ip === 'unknown' ? '0.0.0.0' : ip;
}

function switchedOff(action: 'enroll' | 'verification', type: string) {
  const name = type === 'phone' ? 'Phone' : type === 'webauthn' ? 'WebAuthn' : 'TOTP';
  const code = `mfa_${type}_${action === 'enroll' ? 'enroll' : 'verify'}_not_enabled`;
  return unprocessable(code, `MFA ${action} is disabled for ${name}`);
}

async function enroll(c: Context<FactorEnv>, context: AuthContext): Promise<Response> {
  const { user, sessionId } = c.get('caller');
  const body = await readBody(c);
  const type = stringField(body, 'factor_type') ?? '';
  if (type !== 'totp' && type !== 'phone' && type !== 'webauthn') {
    throw badRequest('validation_failed', FACTOR_TYPES);
  }
  const mfa = context.config.auth.mfa;
  if (type === 'phone') throw switchedOff('enroll', type);
  if (!(type === 'totp' ? mfa.totp : mfa.web_authn).enroll_enabled) {
    throw switchedOff('enroll', type);
  }
  const friendlyName = stringField(body, 'friendly_name') ?? '';
  const issuer = stringField(body, 'issuer') || new URL(context.config.auth.site_url).host;
  const key = type === 'totp' ? await generateTotpKey(issuer, user.email ?? '') : null;
  const factor = await context.db.transaction(async (tx) => {
    await deleteExpiredFactors(tx, user.id);
    const factors = await listFactors(tx, user.id);
    if (factors.some((factor) => (factor.friendly_name ?? '') === friendlyName)) {
      throw unprocessable(
        'mfa_factor_name_conflict',
        `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`,
      );
    }
    const verified = factors.filter((factor) => factor.status === 'verified').length;
    if (factors.length >= mfa.max_enrolled_factors || verified >= mfa.max_enrolled_factors) {
      throw unprocessable(
        'too_many_enrolled_mfa_factors',
        'Maximum number of verified factors reached, unenroll to continue',
      );
    }
    if (verified > 0 && (await sessionAal(tx, sessionId)) !== 'aal2') {
      throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');
    }
    return insertFactor(tx, user.id, friendlyName, type, key?.secret ?? null);
  });
  return c.json({
    id: factor.id,
    type,
    friendly_name: factor.friendly_name ?? '',
    ...(key ? { totp: { qr_code: key.qrCode, secret: key.secret, uri: key.uri } } : {}),
  });
}

function verifyEnabled(context: AuthContext, type: FactorRow['factor_type']): boolean {
  const mfa = context.config.auth.mfa;
  if (type === 'totp') return mfa.totp.verify_enabled;
  return type === 'webauthn' && mfa.web_authn.verify_enabled;
}

async function challenge(c: Context<FactorEnv>, context: AuthContext): Promise<Response> {
  const { user } = c.get('caller');
  const factorId = c.req.param('factorId') ?? '';
  const created = await context.db.transaction(async (tx) => {
    const factor = await findOwnFactor(tx, user.id, factorId);
    // GoTrue's order: the session, the factor, then the limit.
    checkRateLimit(c, context.limits.mfaChallenge);
    if (!verifyEnabled(context, factor.factor_type)) {
      throw switchedOff('verification', factor.factor_type);
    }
    const webauthn =
      factor.factor_type === 'webauthn'
        ? await webauthnChallengeOptions(
            relyingParty(context.config),
            user,
            factor,
            await listFactors(tx, user.id),
          )
        : null;
    const { rows } = await tx.query<{ id: string; expires_at: number }>(
      `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address, web_authn_session_data)
       values (gen_random_uuid(), $1, now(), $2::inet, $4::jsonb)
       returning id, extract(epoch from created_at)::bigint::int + $3 as expires_at`,
      [
        factor.id,
        challengeIp(c),
        CHALLENGE_EXPIRY_SECONDS,
        webauthn ? JSON.stringify(webauthn.session) : null,
      ],
    );
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [
      factor.id,
    ]);
    return { row: rows[0], type: factor.factor_type, webauthn };
  });
  return c.json({
    id: created.row?.id,
    type: created.type,
    expires_at: created.row?.expires_at,
    ...(created.webauthn
      ? {
          webauthn: {
            type: created.webauthn.session.type,
            credential_options: { publicKey: created.webauthn.publicKey },
          },
        }
      : {}),
  });
}

/**
 * A TOTP code is accepted once: its step must come after the last step the factor accepted, recorded
 * in the same statement so that two verifications racing with one code cannot both pass. Wrong codes
 * count against the factor (mfa/wrong-codes.ts); a code used before is refused without counting.
 */
async function checkTotpCode(tx: Tx, context: AuthContext, factor: FactorRow, code: string) {
  const step = totpCodeStep(factor.secret ?? '', code);
  if (step === null) {
    context.factorWrongCodes.fail(factor.id);
    throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
  }
  const { rows } = await tx.query(
    `insert into auth.mfa_totp_used_steps as used (factor_id, last_step) values ($1, $2)
     on conflict (factor_id) do update set last_step = excluded.last_step
       where used.last_step < excluded.last_step
     returning factor_id`,
    [factor.id, step],
  );
  if (rows.length === 0) {
    throw unprocessable(
      'mfa_verification_failed',
      'TOTP code already used, enter the next code your app shows',
    );
  }
  context.factorWrongCodes.succeed(factor.id);
}

async function verify(c: Context<FactorEnv>, context: AuthContext): Promise<Response> {
  const { user, sessionId } = c.get('caller');
  const factorId = c.req.param('factorId') ?? '';
  const body = await readBody(c);
  const code = stringField(body, 'code') ?? '';
  const challengeId = stringField(body, 'challenge_id') ?? '';
  const grant = await context.db.transaction(async (tx) => {
    const factor = await findOwnFactor(tx, user.id, factorId);
    checkRateLimit(c, context.limits.mfaVerify);
    context.factorWrongCodes.check(factor.id);
    const webauthn = factor.factor_type === 'webauthn';
    if (!webauthn && code === '') {
      throw badRequest('validation_failed', 'Code needs to be non-empty');
    }
    if (!verifyEnabled(context, factor.factor_type)) {
      throw switchedOff('verification', factor.factor_type);
    }
    const { rows } = UUID.test(challengeId)
      ? await tx.query<{
          verified_at: Date | null;
          ip: string;
          expired: boolean;
          session: WebAuthnSessionData | null;
        }>(
          `select verified_at, host(ip_address) as ip, web_authn_session_data as session,
                  created_at + make_interval(secs => $3) < now() as expired
           from auth.mfa_challenges where id = $1 and factor_id = $2`,
          [challengeId, factor.id, CHALLENGE_EXPIRY_SECONDS],
        )
      : { rows: [] };
    const found = rows[0];
    if (!found) {
      throw unprocessable(
        'mfa_factor_not_found',
        'MFA factor with the provided challenge ID not found',
      );
    }
    const ip = (await tx.query<{ ip: string }>('select host($1::inet) as ip', [challengeIp(c)]))
      .rows[0]?.ip;
    if (found.verified_at !== null || found.ip !== ip) {
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    }
    if (found.expired) {
      throw unprocessable(
        'mfa_challenge_expired',
        `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`,
      );
    }
    if (webauthn) {
      if (!found.session) throw badRequest('validation_failed', 'WebAuthn config required');
      const params = objectField(body, 'webauthn');
      await verifyWebauthnFactor(tx, relyingParty(context.config), factor, found.session, params);
    } else {
      await checkTotpCode(tx, context, factor, code);
    }
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [
      challengeId,
    ]);
    await tx.query(
      "update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1",
      [factor.id],
    );
    await raiseSession(tx, user.id, sessionId, factor);
    return reissueSession(tx, user.id, sessionId);
  });
  return c.json(await toSessionResponse(context, grant));
}

async function unenroll(c: Context<FactorEnv>, context: AuthContext): Promise<Response> {
  const { user, sessionId } = c.get('caller');
  const factorId = c.req.param('factorId') ?? '';
  const id = await context.db.transaction(async (tx) => {
    const factor = await findOwnFactor(tx, user.id, factorId);
    if (factor.status === 'verified' && (await sessionAal(tx, sessionId)) !== 'aal2') {
      throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
    }
    await removeFactor(tx, factor);
    return factor.id;
  });
  return c.json({ id });
}

export function addFactorRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  const factors = app as unknown as Hono<FactorEnv>;
  for (const path of ['/factors', '/factors/*']) {
    factors.use(path, async (c, next) => {
      const caller = await requireUser(c.req.header('authorization'), context);
      if (caller.claims['is_anonymous'] === true) {
        throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
      }
      c.set('caller', caller);
      await next();
    });
  }
  factors.post('/factors', (c) => enroll(c, context));
  factors.post('/factors/:factorId/challenge', (c) => challenge(c, context));
  factors.post('/factors/:factorId/verify', (c) => verify(c, context));
  factors.delete('/factors/:factorId', (c) => unenroll(c, context));
}
