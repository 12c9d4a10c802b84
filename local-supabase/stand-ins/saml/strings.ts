// The stand-in's sign-in page in the site's four languages. It is a development tool of the backend,
// not part of the site, so its few sentences live here rather than in src/i18n.
export type StandInLocale = 'en' | 'de' | 'fr' | 'ar';

export interface StandInStrings {
  title: string;
  notice: string;
  email: string;
  password: string;
  submit: string;
  wrong: string;
  noRequest: string;
  continue: string;
  demo: string;
}

export const STRINGS: Record<StandInLocale, StandInStrings> = {
  en: {
    title: 'Newsroom sign-in',
    notice:
      'Development stand-in for your organisation’s identity provider. It runs only on this computer; never use it in production.',
    email: 'Work email',
    password: 'Password',
    submit: 'Sign in',
    wrong: 'That email and password do not match a staff member.',
    noRequest: 'This page is opened by “Sign in with your organisation” on the site.',
    continue: 'Continue',
    demo: 'Demo staff: {{people}}. Password: {{password}}',
  },
  de: {
    title: 'Anmeldung für die Redaktion',
    notice:
      'Entwicklungs-Ersatz für den Identitätsanbieter Ihrer Organisation. Er läuft nur auf diesem Computer; verwenden Sie ihn nie im Betrieb.',
    email: 'Dienstliche E-Mail-Adresse',
    password: 'Passwort',
    submit: 'Anmelden',
    wrong: 'E-Mail-Adresse und Passwort passen zu keiner Person der Redaktion.',
    noRequest: 'Diese Seite öffnet sich über „Mit Ihrer Organisation anmelden“ auf der Website.',
    continue: 'Weiter',
    demo: 'Demo-Personen: {{people}}. Passwort: {{password}}',
  },
  fr: {
    title: 'Connexion de la rédaction',
    notice:
      'Substitut de développement du fournisseur d’identité de votre organisation. Il ne fonctionne que sur cet ordinateur ; ne l’utilisez jamais en production.',
    email: 'Adresse e-mail professionnelle',
    password: 'Mot de passe',
    submit: 'Se connecter',
    wrong: 'Cette adresse et ce mot de passe ne correspondent à aucun membre de la rédaction.',
    noRequest: 'Cette page s’ouvre depuis « Se connecter avec votre organisation » sur le site.',
    continue: 'Continuer',
    demo: 'Personnes de démonstration : {{people}}. Mot de passe : {{password}}',
  },
  ar: {
    title: 'تسجيل دخول فريق التحرير',
    notice:
      'بديل تطويري لمزوّد الهوية في مؤسستك. يعمل على هذا الحاسوب فقط، فلا تستخدمه أبدًا في بيئة الإنتاج.',
    email: 'بريد العمل الإلكتروني',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول',
    wrong: 'هذا البريد الإلكتروني وكلمة المرور لا يطابقان أي عضو في الفريق.',
    noRequest: 'تُفتح هذه الصفحة من خيار «تسجيل الدخول عبر مؤسستك» في الموقع.',
    continue: 'متابعة',
    demo: 'أشخاص تجريبيون: {{people}}. كلمة المرور: {{password}}',
  },
};

export function pickLocale(requested: string | undefined, acceptLanguage: string | undefined) {
  const candidates = [requested ?? '', ...(acceptLanguage ?? '').split(',')].map((tag) =>
    tag.trim().slice(0, 2).toLowerCase(),
  );
  return (candidates.find((tag) => tag in STRINGS) ?? 'en') as StandInLocale;
}
