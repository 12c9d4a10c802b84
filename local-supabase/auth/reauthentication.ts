// `[auth.email] secure_password_change` (GoTrue's UpdatePasswordRequireReauthentication): a password
// change from a session started more than 24 hours ago needs the code from GET /reauthenticate.
import type { Tx } from '../db/database.ts';
import type { AuthContext } from './context.ts';
import { tokenHash } from './crypto.ts';
import { badRequest, unprocessable } from './errors.ts';
import { storeOneTimeToken, type UserRow } from './users.ts';

/** GoTrue asks again only when the session is older than this. */
const RECENT_SIGN_IN_MS = 24 * 3600 * 1000;

const INVALID_NONCE = 'Nonce has expired or is invalid';

/**
 * Checks and spends the nonce when one is required; returns without effect otherwise. Runs inside
 * the password change's transaction, so a spent nonce and the new password commit together.
 */
export async function checkReauthentication(
  tx: Tx,
  context: AuthContext,
  user: UserRow,
  sessionId: string,
  nonce: string,
): Promise<void> {
  if (!context.config.auth.email.secure_password_change) return;
  const { rows } = await tx.query<{ created_at: Date | null }>(
    'select created_at from auth.sessions where id = $1',
    [sessionId],
  );
  const startedAt = rows[0]?.created_at?.getTime() ?? 0;
  if (Date.now() <= startedAt + RECENT_SIGN_IN_MS) return;
  if (nonce === '') {
    throw badRequest('reauthentication_needed', 'Password update requires reauthentication');
  }
  const sentAt = user.reauthentication_sent_at?.getTime();
  if (!user.reauthentication_token || sentAt === undefined) {
    throw unprocessable('reauthentication_not_valid', INVALID_NONCE);
  }
  const fresh = sentAt + context.config.auth.email.otp_expiry * 1000 > Date.now();
  if (!fresh || tokenHash(user.email ?? '', nonce) !== user.reauthentication_token) {
    throw unprocessable('reauthentication_not_valid', INVALID_NONCE);
  }
  await tx.query(
    "update auth.users set reauthentication_token = '', reauthentication_sent_at = null where id = $1",
    [user.id],
  );
  await storeOneTimeToken(tx, user.id, 'reauthentication_token', '', '');
}
