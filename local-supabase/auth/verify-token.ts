// Finding and applying an e-mail token (GoTrue verify.go): by address + code, or by token hash.
import type { Tx } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { withdrawCodes } from './code-attempts.ts';
import { PKCE_PREFIX, tokenHash } from './crypto.ts';
import { badRequest, forbidden } from './errors.ts';
import { CommittedError } from './sessions.ts';
import {
  adoptEmail,
  confirmEmail,
  findUserByEmail,
  findUserByToken,
  findUserById,
  isBanned,
  isConfirmed,
  storeOneTimeToken,
  type TokenColumn,
  type UserRow,
} from './users.ts';

export const EMAIL_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change',
  'email',
] as const;
export type EmailVerificationType = (typeof EMAIL_TYPES)[number];

export function isEmailVerificationType(type: string): type is EmailVerificationType {
  return (EMAIL_TYPES as readonly string[]).includes(type);
}

const COLUMNS: Record<EmailVerificationType, TokenColumn[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  magiclink: ['recovery_token'],
  recovery: ['recovery_token'],
  email_change: ['email_change_token_new', 'email_change_token_current'],
  email: ['confirmation_token', 'recovery_token'],
};

function sentAtOf(user: UserRow, column: TokenColumn): Date | null {
  if (column === 'confirmation_token') return user.confirmation_sent_at;
  if (column === 'recovery_token') return user.recovery_sent_at;
  return user.email_change_sent_at;
}

function isFresh(sentAt: Date | null, context: AuthContext): boolean {
  return (
    sentAt !== null && sentAt.getTime() + context.config.auth.email.otp_expiry * 1000 > Date.now()
  );
}

/** A stored token matches with or without the PKCE prefix (GoTrue `isOtpValid`). */
function matches(stored: string | null, hash: string): boolean {
  return !!stored && !!hash && (stored === hash || stored === PKCE_PREFIX + hash);
}

/** The column that holds this token, or null. */
function matchingColumn(
  user: UserRow,
  type: EmailVerificationType,
  hash: string,
): TokenColumn | null {
  return COLUMNS[type].find((column) => matches(user[column], hash)) ?? null;
}

export interface VerifiedToken {
  user: UserRow;
  /** The concrete type (`email` resolves to signup or magiclink). */
  type: Exclude<EmailVerificationType, 'email'>;
  column: TokenColumn;
  /** True when the stored token carried the PKCE prefix. */
  pkce: boolean;
}

function resolveType(type: EmailVerificationType, column: TokenColumn): VerifiedToken['type'] {
  if (type !== 'email') return type;
  return column === 'confirmation_token' ? 'signup' : 'magiclink';
}

/**
 * Address + code (what a person types): 403 otp_expired for anything wrong, as GoTrue. The
 * MAX_WRONG_CODES-th wrong code for an address withdraws its codes (committed although the request
 * fails; call inside runTransaction).
 */
export async function findByCode(
  tx: Tx,
  context: AuthContext,
  type: EmailVerificationType,
  email: string,
  code: string,
): Promise<VerifiedToken> {
  const invalid = () => forbidden('otp_expired', 'Token has expired or is invalid');
  const hash = tokenHash(email, code);
  const user =
    type === 'email_change'
      ? await findUserForEmailChange(tx, email, hash)
      : await findUserByEmail(tx, email);
  const column = user ? matchingColumn(user, type, hash) : null;
  if (!user || !column || !isFresh(sentAtOf(user, column), context)) {
    const owner = user ?? (await findCodeOwner(tx, email));
    if (owner && context.codeAttempts.fail(owner.id)) {
      await withdrawCodes(tx, owner.id);
      throw new CommittedError(invalid());
    }
    if (user && isBanned(user)) throw forbidden('user_banned', 'User is banned');
    throw invalid();
  }
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  context.codeAttempts.reset(user.id);
  return {
    user,
    type: resolveType(type, column),
    column,
    pkce: user[column]?.startsWith(PKCE_PREFIX) ?? false,
  };
}

/** Whose codes a wrong code for this address was aimed at (its account or its pending change). */
async function findCodeOwner(tx: Tx, email: string): Promise<{ id: string } | null> {
  const { rows } = await tx.query<{ id: string }>(
    `select id from auth.users where lower(email) = $1 or lower(email_change) = $1 limit 1`,
    [email],
  );
  return rows[0] ?? null;
}

/** The user whose pending e-mail change this address and code belong to (either side). */
async function findUserForEmailChange(
  tx: Tx,
  email: string,
  hash: string,
): Promise<UserRow | null> {
  const { rows } = await tx.query<{ id: string }>(
    `select id from auth.users
     where (lower(email) = $1 and email_change_token_current in ($2, $3))
        or (lower(email_change) = $1 and email_change_token_new in ($2, $3))
     limit 1`,
    [email, hash, PKCE_PREFIX + hash],
  );
  return rows[0] ? findUserById(tx, rows[0].id) : null;
}

/** A token hash from an e-mail link: 403 otp_expired when unknown or stale. */
export async function findByHash(
  tx: Tx,
  context: AuthContext,
  type: EmailVerificationType,
  hash: string,
): Promise<VerifiedToken> {
  const invalid = () => forbidden('otp_expired', 'Email link is invalid or has expired');
  const user = await findUserByToken(tx, COLUMNS[type], hash);
  if (!user) throw invalid();
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const column = COLUMNS[type].find((c) => user[c] === hash);
  if (!column || !isFresh(sentAtOf(user, column), context)) throw invalid();
  return { user, type: resolveType(type, column), column, pkce: hash.startsWith(PKCE_PREFIX) };
}

export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

/**
 * Applies a verified token. Returns false when an e-mail change still waits for the other address's
 * link (double_confirm_changes).
 */
export async function applyToken(
  tx: Tx,
  context: AuthContext,
  verified: VerifiedToken,
): Promise<boolean> {
  const { user, type } = verified;
  if (type === 'signup' || type === 'invite') {
    await confirmEmail(tx, user.id);
    return true;
  }
  if (type === 'magiclink' || type === 'recovery') {
    await tx.query("update auth.users set recovery_token = '', updated_at = now() where id = $1", [
      user.id,
    ]);
    await storeOneTimeToken(tx, user.id, 'recovery_token', '', '');
    if (!isConfirmed(user)) await confirmEmail(tx, user.id);
    return true;
  }
  return applyEmailChange(tx, context, verified);
}

async function applyEmailChange(
  tx: Tx,
  context: AuthContext,
  verified: VerifiedToken,
): Promise<boolean> {
  const { user, column } = verified;
  const secure = context.config.auth.email.double_confirm_changes && !!user.email;
  if (secure && (user.email_change_confirm_status ?? 0) === 0) {
    await tx.query(
      `update auth.users set email_change_confirm_status = 1, ${column} = '', updated_at = now() where id = $1`,
      [user.id],
    );
    await storeOneTimeToken(tx, user.id, column, '', '');
    return false;
  }
  const newEmail = user.email_change ?? '';
  if (!newEmail) throw badRequest('validation_failed', 'Email change is not pending');
  await adoptEmail(tx, user, newEmail);
  return true;
}
