// What an address on /{l}/auth/confirm/ asks for, read from its query and fragment. Links from our
// e-mails carry `token_hash` and `type` (supabase/templates/); outside sign-in (OAuth) and e-mail
// links sent through hosted GoTrue's own `/verify` come back with a PKCE `code`; a link GoTrue
// refused comes back with `error_code` (in the query for PKCE, in the fragment otherwise), and so
// does a refused single sign-on or outside sign-in, sent on here by the root page.
import type { EmailOtpType } from '@supabase/auth-js';
import { redirectErrorKey, type ErrorKey } from '../shared/error-keys';

/** The three things an e-mail link can complete, each with its own words and next step. */
export type LinkKind = 'email' | 'recovery' | 'emailChange';

export type LinkRequest =
  | { kind: 'token'; tokenHash: string; type: EmailOtpType; link: LinkKind }
  | { kind: 'code'; code: string }
  | { kind: 'error'; error: ErrorKey; link: LinkKind; way: WayBack }
  | { kind: 'none' };

/**
 * After a failure, what the page offers: a new e-mail link (the link from an e-mail failed), or
 * signing in again (single sign-on or an outside service failed: a new link would not help).
 */
export type WayBack = 'resend' | 'signIn';

/** GoTrue's code for an e-mail link that expired or was used; the one /verify sends back. */
const EMAIL_LINK_FAILURE = 'otp_expired';

const linkKinds: Record<string, LinkKind> = {
  email: 'email',
  signup: 'email',
  magiclink: 'email',
  invite: 'email',
  recovery: 'recovery',
  email_change: 'emailChange',
};

/**
 * Reads the link from a URL. An unknown `type` is treated as no link at all.
 *
 * @example readLinkRequest(new URL('https://s.example/en/auth/confirm/?token_hash=ab&type=recovery'))
 * // { kind: 'token', tokenHash: 'ab', type: 'recovery', link: 'recovery' }
 */
export function readLinkRequest(url: URL): LinkRequest {
  const query = url.searchParams;
  const fragment = new URLSearchParams(url.hash.replace(/^#/, ''));
  const param = (name: string) => query.get(name) ?? fragment.get(name);
  const type = param('type') ?? '';
  const link = linkKinds[type] ?? 'email';

  const failure = param('error_code') ?? param('error');
  if (failure !== null) {
    // GoTrue's error redirect: the code only, never its English description.
    const fromEmail = param('type') !== null || failure === EMAIL_LINK_FAILURE;
    return {
      kind: 'error',
      error: redirectErrorKey(failure),
      link,
      way: fromEmail ? 'resend' : 'signIn',
    };
  }
  const code = query.get('code');
  if (code) return { kind: 'code', code };
  const tokenHash = param('token_hash');
  if (tokenHash && linkKinds[type] !== undefined) {
    return { kind: 'token', tokenHash, type, link };
  }
  return { kind: 'none' };
}

/**
 * Where to go after the link: `next` when it is a path on this site, else the fallback. Never
 * another origin (`//evil.example`, `/\evil.example`, `https://…`), so links cannot send people away.
 *
 * @example safeNext('/de/account/', 'https://s.example', '/de/') // '/de/account/'
 * @example safeNext('//evil.example/', 'https://s.example', '/de/') // '/de/'
 */
export function safeNext(next: string | null, origin: string, fallback: string): string {
  if (next === null || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) {
    return fallback;
  }
  try {
    const url = new URL(next, origin);
    return url.origin === origin ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}
