// GET /user/identities/authorize and DELETE /user/identities/{id}: a member links another provider's
// identity to the account or removes one (GoTrue internal/api/identity.go). Both need a session;
// with `[auth] enable_manual_linking = false` they answer as switched-off.ts says.
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { requireUser } from '../authenticate.ts';
import type { AuthContext } from '../context.ts';
import { forbidden } from '../errors.ts';
import { unlinkIdentity } from '../identities.ts';
import { runTransaction } from '../transaction.ts';
import { providerRedirectUrl } from './external.ts';

async function linkIdentity(c: Context, context: AuthContext): Promise<Response> {
  const caller = await requireUser(c.req.header('authorization'), context);
  const url = await providerRedirectUrl(c, context, caller.user.id);
  if (c.req.query('skip_http_redirect') === 'true') return c.json({ url });
  return c.redirect(url, 302);
}

async function deleteIdentity(c: Context, context: AuthContext): Promise<Response> {
  const caller = await requireUser(c.req.header('authorization'), context);
  const audience: unknown = caller.claims['aud'];
  const first: unknown = Array.isArray(audience) ? audience[0] : audience;
  if (first !== (caller.user.aud ?? 'authenticated')) {
    throw forbidden('unexpected_audience', "Token audience doesn't match request audience");
  }
  await runTransaction(context.db, (tx) =>
    unlinkIdentity(tx, caller.user, c.req.param('id') ?? ''),
  );
  return c.json({});
}

export function addIdentityRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  app.get('/user/identities/authorize', (c) => linkIdentity(c, context));
  app.delete('/user/identities/:id', (c) => deleteIdentity(c, context));
}
