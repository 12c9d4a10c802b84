// What each form of the sign-in dialog asks the auth server, with the §7 checks first. Each
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
