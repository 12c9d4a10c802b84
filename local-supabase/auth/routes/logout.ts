// POST /logout?scope=global|local|others → 204 (GoTrue logout.go).
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { requireUser } from '../authenticate.ts';
import type { AuthContext } from '../context.ts';
import { badRequest } from '../errors.ts';
import { endSessions, type LogoutScope } from '../sessions.ts';

const SCOPES = new Set(['global', 'local', 'others']);

export function addLogoutRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!SCOPES.has(scope))
      throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
    const { user, sessionId } = await requireUser(c.req.header('authorization'), context);
    await context.db.transaction((tx) => endSessions(tx, user.id, sessionId, scope as LogoutScope));
    return c.body(null, 204);
  });
}
