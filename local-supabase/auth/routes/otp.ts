// POST /otp: an e-mail with a sign-in link and a code (GoTrue otp.go + magic_link.go). An address
// without a confirmed account gets the sign-up confirmation instead, which signs in just the same.
// With `create_user: false`, an address without an account answers 422 otp_disabled, as GoTrue does
// (which tells who has an account: the product's dialog never sends `create_user: false`).
import type { Hono } from 'hono';
import type { Tx } from '../../db/database.ts';
import type { AppEnv } from '../../http/service.ts';
import { booleanField, objectField, readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { deliver, prepareEmail, type PendingEmail } from '../emails.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { createFlowState } from '../flow-state.ts';
import { clientIp } from '../rate-limit.ts';
import { resolveRedirect } from '../redirect.ts';
import { runTransaction } from '../transaction.ts';
import { createUser } from '../create-user.ts';
import { findUserByEmail, isConfirmed } from '../users.ts';
import { validateEmail, validatePkceParams, type ChallengeMethod } from '../validate.ts';

interface MagicLinkRequest {
  email: string;
  data: Record<string, unknown>;
  createUser: boolean;
  challenge: { method: ChallengeMethod; value: string } | null;
  redirectTo: string;
  clientIp: string;
}

async function sendMagicLink(
  tx: Tx,
  context: AuthContext,
  request: MagicLinkRequest,
): Promise<PendingEmail | null> {
  const { config } = context;
  const pkce = request.challenge !== null;
  const options = { redirectTo: request.redirectTo, pkce, clientIp: request.clientIp };
  let user = await findUserByEmail(tx, request.email);
  if (!user && !request.createUser) {
    throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  }
  if (!user || !isConfirmed(user)) {
    if (!config.auth.enable_signup) {
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    }
    const autoconfirm = !config.auth.email.enable_confirmations;
    // Accounts made by e-mail sign-in have no password until the member sets one.
    user ??= await createUser(tx, {
      email: request.email,
      passwordHash: null,
      userMetadata: request.data,
      confirmed: autoconfirm,
    });
    if (!autoconfirm) {
      if (request.challenge) {
        await createFlowState(
          tx,
          user.id,
          request.challenge.method,
          request.challenge.value,
          'email/signup',
        );
      }
      return prepareEmail(tx, context, user, 'confirmation', options);
    }
  }
  if (request.challenge) {
    await createFlowState(
      tx,
      user.id,
      request.challenge.method,
      request.challenge.value,
      'magiclink',
    );
  }
  return prepareEmail(tx, context, user, 'magic_link', options);
}

export function addOtpRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  app.post('/otp', async (c) => {
    const body = await readBody(c);
    const rawEmail = stringField(body, 'email') ?? '';
    const phone = stringField(body, 'phone') ?? '';
    if (rawEmail && phone) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided',
      );
    }
    const challengeValue = stringField(body, 'code_challenge');
    const method = validatePkceParams(stringField(body, 'code_challenge_method'), challengeValue);
    if (phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    if (!rawEmail) throw badRequest('validation_failed', 'One of email or phone must be set');
    if (!context.config.auth.email.enable_signup) {
      throw unprocessable('email_provider_disabled', 'Email logins are disabled');
    }
    const request: MagicLinkRequest = {
      email: validateEmail(rawEmail),
      data: objectField(body, 'data') ?? {},
      createUser: booleanField(body, 'create_user') ?? true,
      challenge: method ? { method, value: challengeValue ?? '' } : null,
      redirectTo: resolveRedirect(c.req.query('redirect_to'), context.config),
      clientIp: clientIp(c),
    };
    const email = await runTransaction(context.db, (tx) => sendMagicLink(tx, context, request));
    await deliver(context, email ? [email] : []);
    return c.json({});
  });
}
