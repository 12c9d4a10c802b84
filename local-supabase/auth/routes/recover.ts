// POST /recover (password reset e-mail) and POST /resend (confirmation or e-mail change again).
// Unknown addresses answer 200 {} as well: the reply must not reveal who has an account.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { deliver, prepareEmail, prepareEmailChange, type PendingEmail } from '../emails.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { createFlowState } from '../flow-state.ts';
import { clientIp } from '../rate-limit.ts';
import { resolveRedirect } from '../redirect.ts';
import { findUserByEmail, isConfirmed } from '../users.ts';
import { validateEmail, validatePkceParams } from '../validate.ts';

export function addRecoverRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  const { config, db } = context;

  app.post('/recover', async (c) => {
    const body = await readBody(c);
    const rawEmail = stringField(body, 'email') ?? '';
    if (!rawEmail) throw unprocessable('validation_failed', 'Password recovery requires an email');
    const email = validateEmail(rawEmail);
    const challengeValue = stringField(body, 'code_challenge');
    const method = validatePkceParams(stringField(body, 'code_challenge_method'), challengeValue);
    const redirectTo = resolveRedirect(c.req.query('redirect_to'), config);
    const emails: PendingEmail[] = [];
    await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) {
        // Spends and limits as a real recovery e-mail would, so the answers stay alike.
        const sender = { to: email, ip: clientIp(c) };
        context.emailLimiter.pretend(sender, 'recovery', config.auth.email.max_frequency);
        return;
      }
      if (method) await createFlowState(tx, user.id, method, challengeValue ?? '', 'recovery');
      emails.push(
        await prepareEmail(tx, context, user, 'recovery', {
          redirectTo,
          pkce: method !== null,
          clientIp: clientIp(c),
        }),
      );
    });
    await deliver(context, emails);
    return c.json({});
  });

  app.post('/resend', async (c) => {
    const body = await readBody(c);
    const type = stringField(body, 'type') ?? '';
    const rawEmail = stringField(body, 'email') ?? '';
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
      throw badRequest(
        'validation_failed',
        'Missing one of these types: signup, email_change, sms, phone_change',
      );
    }
    if (type === 'sms' || type === 'phone_change' || stringField(body, 'phone')) {
      throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    }
    if (!rawEmail) throw badRequest('validation_failed', 'Type provided requires an email address');
    const email = validateEmail(rawEmail);
    const challengeValue = stringField(body, 'code_challenge');
    const method = validatePkceParams(stringField(body, 'code_challenge_method'), challengeValue);
    const options = {
      redirectTo: resolveRedirect(c.req.query('redirect_to'), config),
      pkce: method !== null,
      clientIp: clientIp(c),
    };
    const emails: PendingEmail[] = [];
    await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) return;
      if (type === 'signup' && !isConfirmed(user)) {
        if (method)
          await createFlowState(tx, user.id, method, challengeValue ?? '', 'email/signup');
        emails.push(await prepareEmail(tx, context, user, 'confirmation', options));
      } else if (type === 'email_change' && user.email_change) {
        if (method)
          await createFlowState(tx, user.id, method, challengeValue ?? '', 'email_change');
        emails.push(...(await prepareEmailChange(tx, context, user, user.email_change, options)));
      }
    });
    await deliver(context, emails);
    return c.json({});
  });
}
