// What the e-mail link page asks the auth server. Each returns what happened; errors are UI string
// keys (never the server's English text).
import type { EmailOtpType, GoTrueClient } from '@supabase/auth-js';
import { errorKey, type ErrorKey } from '../shared/error-keys';

/**
 * `signedIn`: a session was stored. `halfway`: the first of the two links of an e-mail change
 * (GoTrue answers without a session until the other address confirms too).
 */
export type LinkOutcome = { ok: 'signedIn' | 'halfway' } | { error: ErrorKey };

/** Completes a link from one of our e-mails: only ever called when the person presses the button. */
export async function completeLink(
  auth: GoTrueClient,
  tokenHash: string,
  type: EmailOtpType,
): Promise<LinkOutcome> {
  try {
    const { data, error } = await auth.verifyOtp({ token_hash: tokenHash, type });
    if (error) return { error: errorKey(error) };
    return { ok: data.session ? 'signedIn' : 'halfway' };
  } catch (thrown) {
    return { error: errorKey(thrown) };
  }
}

/**
 * Exchanges a PKCE `code` (outside sign-in, or a link through GoTrue's `/verify`) for a session.
 * It needs the code verifier this browser stored when the person asked, so a mail scanner or
 * another browser cannot use it.
 */
export async function exchangeCode(auth: GoTrueClient, code: string): Promise<LinkOutcome> {
  try {
    const { error } = await auth.exchangeCodeForSession(code);
    return error ? { error: errorKey(error) } : { ok: 'signedIn' };
  } catch (thrown) {
    return { error: errorKey(thrown) };
  }
}
