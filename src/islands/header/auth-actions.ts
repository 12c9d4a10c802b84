// What each step of the sign-in dialog asks the auth server, with the §7 checks first. Each
// returns what happened; errors are UI string keys (never the server's English text).
import type { GoTrueClient } from '@supabase/auth-js';
import { errorKey, type ErrorKey } from '../shared/error-keys';
import { codeProblem, emailProblem, newPasswordProblem } from '../shared/validation';

export type Outcome = { ok: 'signedIn' } | { ok: 'sent' } | { error: ErrorKey };

export interface Links {
  /** Absolute URL of /{l}/auth/confirm/ (sign-up confirmation and e-mail links land there). */
  confirmUrl: string;
  /** Absolute URL of /{l}/auth/reset-password/. */
  resetUrl: string;
  locale: string;
}

async function run(
  request: () => Promise<{ error: unknown; data?: { session?: unknown } | null }>,
  success: { ok: 'signedIn' | 'sent' },
): Promise<Outcome> {
  try {
    const { error, data } = await request();
    if (error) return { error: errorKey(error) };
    // Sign-up on a project without confirmations signs in at once.
    if (success.ok === 'sent' && data?.session) return { ok: 'signedIn' };
    return success;
  } catch (thrown) {
    return { error: errorKey(thrown) };
  }
}

/**
 * GoTrue's answers for "no single sign-on for this domain": no provider has the domain, or SAML is
 * switched off on the project. Both are about the domain alone, never about an account.
 */
const noSingleSignOn = new Set(['sso_provider_not_found', 'saml_provider_disabled']);

function noProviderAnswer(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, status } = error as { code?: unknown; status?: unknown };
  return (typeof code === 'string' && noSingleSignOn.has(code)) || status === 404;
}

export type AddressOutcome =
  { ok: 'singleSignOn'; url: string } | { ok: 'password' } | { error: ErrorKey };

/**
 * The step after the address: the organisation's identity provider when the address's domain has
 * single sign-on (`url`, where the page goes next), else the password step. The auth server
 * answers by the domain alone, so a known and an unknown address at the same domain get the same
 * next step, and nothing tells whether an account exists.
 */
export async function continueWithAddress(
  auth: GoTrueClient,
  email: string,
  redirectTo: string,
): Promise<AddressOutcome> {
  const problem = emailProblem(email);
  if (problem) return { error: problem };
  const domain = email.trim().split('@').pop()?.toLowerCase() ?? '';
  try {
    const { data, error } = await auth.signInWithSSO({
      domain,
      // The page leaves once, when the caller says so (auth-js would otherwise leave by itself).
      options: { redirectTo, skipBrowserRedirect: true },
    });
    if (error) return noProviderAnswer(error) ? { ok: 'password' } : { error: errorKey(error) };
    return { ok: 'singleSignOn', url: data.url };
  } catch (thrown) {
    return { error: errorKey(thrown) };
  }
}

export function signInWithPassword(auth: GoTrueClient, email: string, password: string) {
  const problem = emailProblem(email) ?? (password === '' ? 'errors.invalidCredentials' : null);
  if (problem) return Promise.resolve<Outcome>({ error: problem });
  return run(() => auth.signInWithPassword({ email: email.trim(), password }), { ok: 'signedIn' });
}

export function signUp(auth: GoTrueClient, email: string, password: string, links: Links) {
  const problem = emailProblem(email) ?? newPasswordProblem(password);
  if (problem) return Promise.resolve<Outcome>({ error: problem });
  return run(
    () =>
      auth.signUp({
        email: email.trim(),
        password,
        // Mails go out in the member's language (user_metadata.locale; the profile keeps it in step).
        options: { emailRedirectTo: links.confirmUrl, data: { locale: links.locale } },
      }),
    { ok: 'sent' },
  );
}

export function sendEmailLink(auth: GoTrueClient, email: string, links: Links) {
  const problem = emailProblem(email);
  if (problem) return Promise.resolve<Outcome>({ error: problem });
  return run(
    () =>
      auth.signInWithOtp({
        email: email.trim(),
        options: { emailRedirectTo: links.confirmUrl, data: { locale: links.locale } },
      }),
    { ok: 'sent' },
  );
}

export function signInWithCode(auth: GoTrueClient, email: string, code: string) {
  const problem = emailProblem(email) ?? codeProblem(code);
  if (problem) return Promise.resolve<Outcome>({ error: problem });
  return run(() => auth.verifyOtp({ email: email.trim(), token: code.trim(), type: 'email' }), {
    ok: 'signedIn',
  });
}

export function sendPasswordReset(auth: GoTrueClient, email: string, links: Links) {
  const problem = emailProblem(email);
  if (problem) return Promise.resolve<Outcome>({ error: problem });
  return run(() => auth.resetPasswordForEmail(email.trim(), { redirectTo: links.resetUrl }), {
    ok: 'sent',
  });
}
