// POST /signup (GoTrue internal/api/signup.go).
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { objectField, readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { deliver, prepareEmail, type PendingEmail } from '../emails.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { createFlowState } from '../flow-state.ts';
import { obfuscatedUser } from '../obfuscate.ts';
import { checkRateLimit, clientIp } from '../rate-limit.ts';
import { resolveRedirect } from '../redirect.ts';
import { issueSession, toSessionResponse } from '../sessions.ts';
import { runTransaction } from '../transaction.ts';
import { createUser } from '../create-user.ts';
import { findUserByEmail, isConfirmed, toUserJson } from '../users.ts';
import { checkPasswordStrength, validateEmail, validatePkceParams } from '../validate.ts';

/** `signInAnonymously()`: a user with no address or identity, `is_anonymous` in the token. */
async function signUpAnonymously(
  c: Context,
  context: AuthContext,
  data: Record<string, unknown>,
): Promise<Response> {
  if (!context.config.auth.enable_anonymous_sign_ins) {
    throw unprocessable('anonymous_provider_disabled', 'Anonymous sign-ins are disabled');
  }
  checkRateLimit(c, context.limits.anonymous);
  if (!context.config.auth.enable_signup) {
    throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  }
  const grant = await context.db.transaction(async (tx) => {
    const user = await createUser(tx, {
      email: null,
      passwordHash: null,
      userMetadata: data,
      anonymous: true,
    });
    return issueSession(tx, user.id, 'anonymous', c.req.header('user-agent'));
  });
  return c.json(await toSessionResponse(context, grant));
}

export function addSignupRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  const { config } = context;
  app.post('/signup', async (c) => {
    const body = await readBody(c);
    const password = stringField(body, 'password') ?? '';
    const rawEmail = stringField(body, 'email') ?? '';
    const phone = stringField(body, 'phone') ?? '';
    const data = objectField(body, 'data') ?? {};
    // No address at all is an anonymous sign-in (GoTrue's /signup route decides this first).
    if (rawEmail === '' && phone === '') return signUpAnonymously(c, context, data);
    checkRateLimit(c, context.limits.signInSignUp);
    if (!config.auth.enable_signup) {
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    }
    if (password === '') throw badRequest('validation_failed', 'Signup requires a valid password');
    checkPasswordStrength(password, config);
    if (rawEmail && phone) {
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on signup.',
      );
    }
    const challengeMethod = validatePkceParams(
      stringField(body, 'code_challenge_method'),
      stringField(body, 'code_challenge'),
    );
    if (phone) throw badRequest('phone_provider_disabled', 'Phone signups are disabled');
    if (!rawEmail)
      throw badRequest('validation_failed', 'Sign up only available with email provider');
    if (!config.auth.email.enable_signup) {
      throw badRequest('email_provider_disabled', 'Email signups are disabled');
    }
    const email = validateEmail(rawEmail);
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), config);
    const autoconfirm = !config.auth.email.enable_confirmations;
    // Hash before the transaction: bcrypt must not hold the database queue.
    const passwordHash = await context.passwords.hash(password);

    const emails: PendingEmail[] = [];
    const outcome = await runTransaction(context.db, async (tx) => {
      let user = await findUserByEmail(tx, email);
      if (user && isConfirmed(user)) {
        if (autoconfirm) throw unprocessable('user_already_exists', 'User already registered');
        // Counted and limited as the confirmation a new address gets, so that a repeat or a spent
        // e-mail budget answers the same for both; nothing is sent.
        context.emailLimiter.pretend(
          { to: email, ip: clientIp(c) },
          'confirmation',
          config.auth.email.max_frequency,
        );
        return { hidden: await obfuscatedUser(tx, email, data) };
      }
      user ??= await createUser(tx, {
        email,
        passwordHash,
        userMetadata: data,
        confirmed: autoconfirm,
      });
      if (autoconfirm)
        return { grant: await issueSession(tx, user.id, 'password', c.req.header('user-agent')) };
      if (challengeMethod) {
        await createFlowState(
          tx,
          user.id,
          challengeMethod,
          stringField(body, 'code_challenge') ?? '',
          'email/signup',
        );
      }
      emails.push(
        await prepareEmail(tx, context, user, 'confirmation', {
          redirectTo,
          pkce: challengeMethod !== null,
          clientIp: clientIp(c),
        }),
      );
      const updated = await findUserByEmail(tx, email);
      return { user: toUserJson(updated ?? user) };
    });
    await deliver(context, emails);
    if ('grant' in outcome) return c.json(await toSessionResponse(context, outcome.grant));
    return c.json('hidden' in outcome ? outcome.hidden : outcome.user);
  });
}
