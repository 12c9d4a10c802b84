// GET /reauthenticate: e-mails a one-time code that PUT /user takes as `nonce` when
// `[auth.email] secure_password_change` asks for one (GoTrue reauthenticate.go).
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { requireUser } from '../authenticate.ts';
import type { AuthContext } from '../context.ts';
import { deliver, prepareEmail } from '../emails.ts';
import { badRequest, unprocessable } from '../errors.ts';
import { clientIp } from '../rate-limit.ts';
import { isConfirmed } from '../users.ts';

export function addReauthenticateRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  app.get('/reauthenticate', async (c) => {
    const { user } = await requireUser(c.req.header('authorization'), context);
    if (!user.email) {
      throw badRequest(
        'validation_failed',
        'Reauthentication requires the user to have an email or a phone number',
      );
    }
    if (!isConfirmed(user)) {
      throw unprocessable('email_not_confirmed', 'Please verify your email first.');
    }
    const email = await context.db.transaction((tx) =>
      prepareEmail(tx, context, user, 'reauthentication', {
        redirectTo: context.config.auth.site_url,
        pkce: false,
        clientIp: clientIp(c),
      }),
    );
    await deliver(context, [email]);
    return c.json({});
  });
}
