// /{l}/manifest.webmanifest: the installable web app in each language. "Add to home screen" on a
// German page installs the German publication: its name, description, direction and start page.
// The icons are the site's artwork (public/icons/, drawn from favicon.svg by scripts/app-icons.ts).
import type { APIContext } from 'astro';
import { getSiteContent } from '../../content/index';
import { localeDirection, locales, type Locale } from '../../i18n/locales';
import { useTranslations } from '../../i18n/translator';
import { homePath } from '../../lib/paths';
import { webApp } from '../../offline/web-app';

export function getStaticPaths() {
  return locales.map((locale) => ({ params: { locale } }));
}

export async function GET(context: APIContext) {
  const locale = context.params['locale'] as Locale;
  const settings = (await getSiteContent()).settings[locale];
  const t = useTranslations(locale);
  const manifest = {
    id: homePath(locale),
    name: settings.title,
    short_name: settings.title,
    description: t('manifest.description'),
    lang: locale,
    dir: localeDirection[locale],
    start_url: homePath(locale),
    scope: '/',
    display: 'standalone',
    theme_color: webApp.themeColor,
    background_color: webApp.backgroundColor,
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      {
        src: '/icons/icon-maskable-512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  };
  return new Response(JSON.stringify(manifest, null, 2), {
    headers: { 'Content-Type': 'application/manifest+json' },
  });
}
