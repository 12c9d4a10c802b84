// Features this backend does not have, or that config.toml switches off (manual linking), answered
// exactly as GoTrue answers when they are switched off in a project (supabase/auth
// internal/api/middleware.go), so application code that handles "manual linking is disabled" on
// hosted Supabase handles it here too, instead of meeting a bare 404.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { requireUser } from '../authenticate.ts';
import type { AuthContext } from '../context.ts';
import { notFound } from '../errors.ts';

const manualLinkingDisabled = () =>
  notFound('manual_linking_disabled', 'Manual linking is disabled');

export function addSwitchedOffRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  // requireAuthentication comes first on /user/identities: a caller without a session learns
  // nothing about the switch.
  const linking = async (authorization: string | undefined) => {
    await requireUser(authorization, context);
    throw manualLinkingDisabled();
  };
  if (context.config.auth.enable_manual_linking) return;
  app.get('/user/identities/authorize', (c) => linking(c.req.header('authorization')));
  app.delete('/user/identities/:id', (c) => linking(c.req.header('authorization')));
}
