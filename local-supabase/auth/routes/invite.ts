// POST /invite (auth.admin.inviteUserByEmail): creates the user without a password, or re-invites one
// who never confirmed, and sends the invite e-mail (GoTrue invite.go). Following the link confirms the
// address and signs the person in (`type=invite` on /verify).
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { requireAdmin } from '../authenticate.ts';
import { objectField, readBody, stringField } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { deliver, prepareEmail, type PendingEmail } from '../emails.ts';
import { unprocessable } from '../errors.ts';
import { clientIp } from '../rate-limit.ts';
import { resolveRedirect } from '../redirect.ts';
import { createUser } from '../create-user.ts';
import { findUserByEmail, findUserById, isConfirmed, toUserJson } from '../users.ts';
import { validateEmail } from '../validate.ts';

export function addInviteRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  app.post('/invite', async (c) => {
    await requireAdmin(c.req.header('authorization'), context);
    const body = await readBody(c);
    const email = validateEmail(stringField(body, 'email') ?? '');
    const data = objectField(body, 'data') ?? {};
    const options = {
      redirectTo: resolveRedirect(c.req.query('redirect_to'), context.config),
      pkce: false,
      clientIp: clientIp(c),
    };
    const emails: PendingEmail[] = [];
    const user = await context.db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing && isConfirmed(existing)) {
        throw unprocessable(
          'email_exists',
          'A user with this email address has already been registered',
        );
      }
      const invited =
        existing ?? (await createUser(tx, { email, passwordHash: null, userMetadata: data }));
      emails.push(await prepareEmail(tx, context, invited, 'invite', options));
      return (await findUserById(tx, invited.id)) ?? invited;
    });
    await deliver(context, emails);
    return c.json(toUserJson(user));
  });
}
