// The stand-in's pages: the sign-in form, and the form that posts the signed response to the service
// provider's ACS (submitted by a line of script, or by the person where scripts are off).
import type { StaffMember } from './people.ts';
import { STRINGS, type StandInLocale } from './strings.ts';

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

function frame(locale: StandInLocale, body: string): string {
  const t = STRINGS[locale];
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(t.title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem}
.notice{border:2px dashed #a15c00;background:#fff6e5;padding:.75rem;margin-bottom:1.5rem}
label{display:block;margin-top:1rem}input{width:100%;padding:.5rem;font:inherit;box-sizing:border-box}
button{margin-top:1.5rem;padding:.5rem 1.25rem;font:inherit}.error{color:#a00000}
nav a{margin-inline-end:.75rem}</style></head><body>
<p class="notice" role="note">${escapeHtml(t.notice)}</p>${body}</body></html>`;
}

export interface SignInPageInput {
  locale: StandInLocale;
  requestId: string;
  relayState: string;
  email?: string;
  error?: boolean;
  staff: StaffMember[];
  password: string;
}

export function renderSignInPage(input: SignInPageInput): string {
  const t = STRINGS[input.locale];
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const languages = (Object.keys(STRINGS) as StandInLocale[])
    .map((locale) => {
      const query = new URLSearchParams({
        lang: locale,
        request: input.requestId,
        RelayState: input.relayState,
      });
      return `<a href="/sso/login?${escapeHtml(query.toString())}" lang="${locale}">${locale.toUpperCase()}</a>`;
    })
    .join('');
  const demo = t.demo
    .replace('{{people}}', input.staff.map((person) => person.email).join(', '))
    .replace('{{password}}', input.password);
  return frame(
    input.locale,
    `<nav>${languages}</nav><h1>${escapeHtml(t.title)}</h1>
${input.error ? `<p class="error" role="alert">${escapeHtml(t.wrong)}</p>` : ''}
<form method="post" action="/sso/login">${hidden('lang', input.locale)}${hidden('request', input.requestId)}${hidden('RelayState', input.relayState)}
<label>${escapeHtml(t.email)}<input name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? '')}"></label>
<label>${escapeHtml(t.password)}<input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">${escapeHtml(t.submit)}</button></form>
<p><small>${escapeHtml(demo)}</small></p>`,
  );
}

export function renderNoRequestPage(locale: StandInLocale): string {
  return frame(
    locale,
    `<h1>${escapeHtml(STRINGS[locale].title)}</h1><p>${escapeHtml(STRINGS[locale].noRequest)}</p>`,
  );
}

/** Posts the response to the ACS, as the HTTP-POST binding does. */
export function renderPostPage(
  locale: StandInLocale,
  acsUrl: string,
  samlResponse: string,
  relayState: string,
): string {
  return frame(
    locale,
    `<form method="post" action="${escapeHtml(acsUrl)}" id="saml">
<input type="hidden" name="SAMLResponse" value="${escapeHtml(samlResponse)}">
<input type="hidden" name="RelayState" value="${escapeHtml(relayState)}">
<button type="submit">${escapeHtml(STRINGS[locale].continue)}</button></form>
<script>document.getElementById('saml').submit()</script>`,
  );
}
