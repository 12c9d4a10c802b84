// /factors (MFA): every route needs a signed-in, non-anonymous session, as GoTrue's router says.
import type { Hono } from 'hono';
import type { AppEnv } from '../../http/service.ts';
import { requireUser } from '../authenticate.ts';
import type { AuthContext } from '../context.ts';

export function addFactorRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  for (const path of ['/factors', '/factors/*']) {
    app.use(path, async (c, next) => {
      await requireUser(c.req.header('authorization'), context);
      await next();
    });
  }
}
