// The pages the development OpenID provider shows: its sign-in form and its error page, in the
// site's four languages (chosen by `ui_locales`, as Keycloak does), each saying plainly that it is a
// development stand-in and not a real identity provider.

type Locale = 'en' | 'de' | 'fr' | 'ar';

interface PageStrings {
  title: string;
  notice: string;
  email: string;
  password: string;
  submit: string;
  cancel: string;
  wrong: string;
  hint: string;
  error: string;
}

const STRINGS: Record<Locale, PageStrings> = {
  en: {
    title: 'Sign in to the Polyglot realm',
    notice:
      'Development stand-in: this is not a real identity provider. It runs on this machine for testing only.',
    email: 'E-mail address',
    password: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel',
    wrong: 'The e-mail address or the password is not right.',
    hint: 'Demo people use the password {{password}}.',
    error: 'The sign-in request could not be handled',
  },
  de: {
    title: 'Beim Polyglot-Realm anmelden',
    notice:
      'Entwicklungs-Platzhalter: Dies ist kein echter Identitätsanbieter. Er läuft nur zum Testen auf diesem Rechner.',
    email: 'E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    cancel: 'Abbrechen',
    wrong: 'E-Mail-Adresse oder Passwort stimmen nicht.',
    hint: 'Die Demo-Personen verwenden das Passwort {{password}}.',
    error: 'Die Anmeldeanfrage konnte nicht bearbeitet werden',
  },
  fr: {
    title: 'Se connecter au domaine Polyglot',
    notice:
      'Substitut de développement : ceci n’est pas un véritable fournisseur d’identité. Il fonctionne sur cette machine, uniquement pour les tests.',
    email: 'Adresse e-mail',
    password: 'Mot de passe',
    submit: 'Se connecter',
    cancel: 'Annuler',
    wrong: 'L’adresse e-mail ou le mot de passe est incorrect.',
    hint: 'Les personnes de démonstration utilisent le mot de passe {{password}}.',
    error: 'La demande de connexion n’a pas pu être traitée',
  },
  ar: {
    title: 'تسجيل الدخول إلى نطاق Polyglot',
    notice: 'بديل للتطوير: هذا ليس مزوّد هوية حقيقيًا، بل يعمل على هذا الجهاز لأغراض الاختبار فقط.',
    email: 'عنوان البريد الإلكتروني',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول',
    cancel: 'إلغاء',
    wrong: 'عنوان البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    hint: 'يستخدم الأشخاص التجريبيون كلمة المرور {{password}}.',
    error: 'تعذّرت معالجة طلب تسجيل الدخول',
  },
};

/** The first of `ui_locales` (space-separated BCP 47 tags) that the pages speak, else English. */
export function pickLocale(uiLocales: unknown): Locale {
  const tags = typeof uiLocales === 'string' ? uiLocales.split(/\s+/) : [];
  for (const tag of tags) {
    const language = tag.toLowerCase().split('-')[0] ?? '';
    if (language in STRINGS) return language as Locale;
  }
  return 'en';
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

function page(locale: Locale, title: string, body: string): string {
  const text = STRINGS[locale];
  return `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:26rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.stand-in{background:#fff3cd;border:1px solid #b58900;padding:.75rem;border-radius:4px}
label{display:block;margin-top:1rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.5rem;font:inherit}
.actions{display:flex;gap:1rem;margin-top:1.5rem}
button{padding:.5rem 1rem;font:inherit}
[role=alert]{color:#a4000f;font-weight:600}
</style></head>
<body>
<p class="stand-in" role="note">${escapeHtml(text.notice)}</p>
<h1>${escapeHtml(title)}</h1>
${body}
</body></html>`;
}

export interface LoginPageInput {
  uiLocales: unknown;
  action: string;
  cancelAction: string;
  email?: string;
  failed?: boolean;
  password: string;
}

/** The sign-in form: labelled e-mail and password fields, a cancel button (answers access_denied). */
export function renderLoginPage(input: LoginPageInput): string {
  const locale = pickLocale(input.uiLocales);
  const text = STRINGS[locale];
  const alert = input.failed ? `<p role="alert">${escapeHtml(text.wrong)}</p>` : '';
  const hint = text.hint.replace('{{password}}', input.password);
  return page(
    locale,
    text.title,
    `${alert}
<form method="post" action="${escapeHtml(input.action)}">
<label for="email">${escapeHtml(text.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(input.email ?? '')}" dir="ltr">
<label for="password">${escapeHtml(text.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required dir="ltr">
<div class="actions"><button type="submit">${escapeHtml(text.submit)}</button>
<button type="submit" formaction="${escapeHtml(input.cancelAction)}" formnovalidate>${escapeHtml(text.cancel)}</button></div>
</form>
<p>${escapeHtml(hint)}</p>`,
  );
}

/** The provider's own error page (a request it cannot send back to the client). */
export function renderErrorPage(uiLocales: unknown, error: string, description: string): string {
  const locale = pickLocale(uiLocales);
  const text = STRINGS[locale];
  return page(
    locale,
    text.error,
    `<p role="alert"><code>${escapeHtml(error)}</code></p><p>${escapeHtml(description)}</p>`,
  );
}
