// The admin API the tests and seeds need (service_role only): users CRUD, a user's MFA factors and
// generate_link.
import type { Hono } from 'hono';
import type { Tx } from '../../db/database.ts';
import { parseDuration } from '../../config/units.ts';
import type { AppEnv } from '../../http/service.ts';
import { requireAdmin } from '../authenticate.ts';
import { booleanField, objectField, readBody, stringField, type Body } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { createUser } from '../create-user.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { findOwnFactor, listFactors, removeFactor, toFactorJson } from '../mfa/factors.ts';
import {
  confirmEmail,
  findUserByEmail,
  findUserById,
  mergeMetadata,
  toUserJson,
  type UserRow,
} from '../users.ts';
import { checkPasswordStrength, validateEmail } from '../validate.ts';
import { findOwnPasskey, listPasskeys, toPasskeyJson } from '../webauthn/store.ts';
import { addGenerateLinkRoutes } from './generate-link.ts';

/** Go's strconv.ParseUint(text, 10, 64), with its error text (GoTrue quotes it to the client). */
function parseUint(text: string): number {
  if (!/^\d+$/.test(text))
    throw new Error(`strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
  const value = BigInt(text);
  if (value > 18446744073709551615n) {
    throw new Error(`strconv.ParseUint: parsing ${JSON.stringify(text)}: value out of range`);
  }
  return Number(value);
}

/**
 * GoTrue's `paginate`: `page` and `per_page` must be unsigned integers and `per_page` above 0, else
 * 400 "Bad Pagination Parameters: …". A page below 1 is the first page, as pop paginates.
 */
export function readPagination(
  pageText: string | undefined,
  perPageText: string | undefined,
): { page: number; perPage: number } {
  try {
    const page = pageText ? parseUint(pageText) : 1;
    const perPage = perPageText ? parseUint(perPageText) : 50;
    if (perPage === 0) throw new Error('per_page must be greater than 0');
    return { page: Math.max(1, page), perPage };
  } catch (error) {
    throw badRequest('validation_failed', `Bad Pagination Parameters: ${(error as Error).message}`);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL_EXISTS = 'A user with this email address has already been registered';

/** `ban_duration`: a Go duration, or "none" to lift a ban. */
function bannedUntil(body: Body): Date | null | undefined {
  const duration = stringField(body, 'ban_duration');
  if (duration === undefined) return undefined;
  if (duration === 'none') return null;
  const seconds = parseDuration(duration);
  if (seconds === undefined)
    throw badRequest('validation_failed', 'invalid format for ban duration');
  return new Date(Date.now() + seconds * 1000);
}

async function loadUser(tx: Tx, id: string): Promise<UserRow> {
  const user = UUID.test(id) ? await findUserById(tx, id) : null;
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

async function passwordHashFrom(body: Body, context: AuthContext): Promise<string | undefined> {
  const password = stringField(body, 'password');
  if (password === undefined) return undefined;
  checkPasswordStrength(password, context.config);
  return context.passwords.hash(password);
}

async function updateUser(tx: Tx, user: UserRow, body: Body, passwordHash: string | undefined) {
  const email = stringField(body, 'email');
  if (email !== undefined && email.toLowerCase() !== user.email) {
    const address = validateEmail(email);
    const other = await findUserByEmail(tx, address);
    if (other && other.id !== user.id) throw unprocessable('email_exists', EMAIL_EXISTS);
    await tx.query('update auth.users set email = $2 where id = $1', [user.id, address]);
    await tx.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text)
       where user_id = $1 and provider = 'email'`,
      [user.id, address],
    );
  }
  if (passwordHash !== undefined) {
    await tx.query('update auth.users set encrypted_password = $2 where id = $1', [
      user.id,
      passwordHash,
    ]);
  }
  const userData = objectField(body, 'user_metadata');
  if (userData) {
    await tx.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
      user.id,
      mergeMetadata(user.raw_user_meta_data, userData, 'user_metadata'),
    ]);
  }
  const appData = objectField(body, 'app_metadata');
  if (appData) {
    await tx.query('update auth.users set raw_app_meta_data = $2 where id = $1', [
      user.id,
      mergeMetadata(user.raw_app_meta_data, appData, 'app_metadata'),
    ]);
  }
  const ban = bannedUntil(body);
  if (ban !== undefined) {
    await tx.query('update auth.users set banned_until = $2 where id = $1', [user.id, ban]);
    if (ban) await tx.query('delete from auth.sessions where user_id = $1', [user.id]);
  }
  if (booleanField(body, 'email_confirm')) await confirmEmail(tx, user.id);
  await tx.query('update auth.users set updated_at = now() where id = $1', [user.id]);
  return loadUser(tx, user.id);
}

export function addAdminRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  const { db } = context;
  app.use('/admin/*', async (c, next) => {
    await requireAdmin(c.req.header('authorization'), context);
    await next();
  });

  app.post('/admin/users', async (c) => {
    const body = await readBody(c);
    const rawEmail = stringField(body, 'email') ?? '';
    if (stringField(body, 'phone'))
      throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    const email = validateEmail(rawEmail);
    const passwordHash = await passwordHashFrom(body, context);
    const user = await db.transaction(async (tx) => {
      if (await findUserByEmail(tx, email)) throw unprocessable('email_exists', EMAIL_EXISTS);
      const created = await createUser(tx, {
        email,
        passwordHash: passwordHash ?? null,
        userMetadata: objectField(body, 'user_metadata') ?? {},
        appMetadata: objectField(body, 'app_metadata') ?? {},
        confirmed: booleanField(body, 'email_confirm') ?? false,
      });
      const ban = bannedUntil(body);
      if (ban)
        await tx.query('update auth.users set banned_until = $2 where id = $1', [created.id, ban]);
      return ban ? loadUser(tx, created.id) : created;
    });
    return c.json(toUserJson(user));
  });

  app.get('/admin/users', async (c) => {
    const { page, perPage } = readPagination(c.req.query('page'), c.req.query('per_page'));
    const { users, total } = await db.transaction(async (tx) => {
      const count = await tx.query<{ total: number }>(
        'select count(*)::int as total from auth.users',
      );
      const ids = await tx.query<{ id: string }>(
        'select id from auth.users order by created_at desc, id limit $1 offset $2',
        // A page far past the end is empty; keep the numbers inside what Postgres' bigint holds.
        [
          Math.min(perPage, Number.MAX_SAFE_INTEGER),
          Math.min((page - 1) * perPage, Number.MAX_SAFE_INTEGER),
        ],
      );
      const rows: UserRow[] = [];
      for (const { id } of ids.rows) {
        const user = await findUserById(tx, id);
        if (user) rows.push(user);
      }
      return { users: rows, total: count.rows[0]?.total ?? 0 };
    });
    const lastPage = Math.max(1, Math.ceil(total / perPage));
    const link = (n: number, rel: string) =>
      `</admin/users?page=${n}&per_page=${perPage}>; rel="${rel}"`;
    const links = [page < lastPage ? link(page + 1, 'next') : null, link(lastPage, 'last')].filter(
      Boolean,
    );
    c.header('X-Total-Count', String(total));
    c.header('Link', links.join(', '));
    return c.json({ users: users.map(toUserJson), aud: 'authenticated' });
  });

  app.get('/admin/users/:id', async (c) => {
    const user = await db.transaction((tx) => loadUser(tx, c.req.param('id')));
    return c.json(toUserJson(user));
  });

  app.put('/admin/users/:id', async (c) => {
    const body = await readBody(c);
    const passwordHash = await passwordHashFrom(body, context);
    const user = await db.transaction(async (tx) =>
      updateUser(tx, await loadUser(tx, c.req.param('id')), body, passwordHash),
    );
    return c.json(toUserJson(user));
  });

  app.delete('/admin/users/:id', async (c) => {
    await db.transaction(async (tx) => {
      const user = await loadUser(tx, c.req.param('id'));
      await tx.query('delete from auth.users where id = $1', [user.id]);
    });
    return c.json({});
  });

  // auth-js's `admin.mfa.listFactors` and `deleteFactor` (GoTrue adminUserGetFactors and
  // adminUserDeleteFactor): the factors as an array; deleting answers the factor and brings the
  // sessions it raised back to aal1.
  app.get('/admin/users/:id/factors', async (c) => {
    const factors = await db.transaction(async (tx) =>
      listFactors(tx, (await loadUser(tx, c.req.param('id'))).id),
    );
    return c.json(factors.map(toFactorJson));
  });

  app.delete('/admin/users/:id/factors/:factorId', async (c) => {
    const factor = await db.transaction(async (tx) => {
      const user = await loadUser(tx, c.req.param('id'));
      const found = await findOwnFactor(tx, user.id, c.req.param('factorId'));
      await removeFactor(tx, found);
      return found;
    });
    return c.json(toFactorJson(factor));
  });

  // auth-js's `admin.passkey.listPasskeys` and `deletePasskey`.
  app.get('/admin/users/:id/passkeys', async (c) => {
    const rows = await db.transaction(async (tx) =>
      listPasskeys(tx, (await loadUser(tx, c.req.param('id'))).id),
    );
    return c.json(rows.map(toPasskeyJson));
  });

  app.delete('/admin/users/:id/passkeys/:passkeyId', async (c) => {
    await db.transaction(async (tx) => {
      const user = await loadUser(tx, c.req.param('id'));
      const passkey = await findOwnPasskey(tx, user.id, c.req.param('passkeyId'));
      if (!passkey) throw notFound('validation_failed', 'Passkey not found');
      await tx.query('delete from auth.webauthn_credentials where id = $1', [passkey.id]);
    });
    return c.body(null, 204);
  });

  addGenerateLinkRoutes(app, context);
}
