// Reading without a network (src/offline/): the tests that go offline run a site server and a
// seeded backend of their own (support/offline-world.ts), as processes they really stop and start
// again, so the page's requests and the service worker's own fail as on a train. English and
// Arabic.
import type { Page } from '@playwright/test';
import { freshMember, memberPassword } from './support/account.ts';
import { contextWithSession, nodeClient } from './support/community.ts';
import { expect, test as siteTest } from './support/fixtures.ts';
import { backendAvailable } from './support/members.ts';
import { OfflineWorld } from './support/offline-world.ts';
import { anArticle, routesOf, type Locale } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';
import { savedAtHeader } from '../../src/offline/offline-caches.ts';

siteTest.use({ serviceWorkers: 'allow' });

/** One site server and backend per Playwright worker, started when a test first needs them. */
const test = siteTest.extend<object, { world: OfflineWorld }>({
  world: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires a destructured first argument.
    async ({}, use) => {
      const world = await OfflineWorld.create(
        process.env['E2E_DIST_DIR'] ?? 'dist',
        process.env['E2E_SUPABASE_URL'] ?? '',
      );
      try {
        await use(world);
      } finally {
        await world.dispose();
      }
    },
    { scope: 'worker' },
  ],
});

/** Waits until the service worker is active and controls the page (first visit: after load). */
async function workerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true });
      });
    }
  });
}

/** The paths of the pages the device keeps, per kind (`kept`: bookmarks; `recent`). */
async function devicePaths(page: Page, kind: 'kept' | 'recent'): Promise<string[]> {
  return page.evaluate(async (wanted) => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith(`polyglot-press-${wanted}-`) || name.includes('-images-')) continue;
      for (const request of await (await caches.open(name)).keys()) {
        paths.push(new URL(request.url).pathname);
      }
    }
    return paths;
  }, kind);
}

/** When the device's copy of a page was saved (ISO time), per kind; '' when there is none. */
async function savedAt(page: Page, kind: 'kept' | 'recent', path: string): Promise<string> {
  return page.evaluate(
    async ({ wanted, path, header }) => {
      for (const name of await caches.keys()) {
        if (!name.startsWith(`polyglot-press-${wanted}-`) || name.includes('-images-')) continue;
        const copy = await (await caches.open(name)).match(path);
        if (copy) return copy.headers.get(header) ?? '';
      }
      return '';
    },
    { wanted: kind, path, header: savedAtHeader },
  );
}

/** Makes a bookmarked copy look saved `minutes` ago (as after a while away); returns that time. */
async function ageKeptCopy(page: Page, path: string, minutes: number): Promise<string> {
  return page.evaluate(
    async ({ path, minutes, header }) => {
      const time = new Date(Date.now() - minutes * 60_000).toISOString();
      for (const name of await caches.keys()) {
        if (!name.startsWith('polyglot-press-kept-') || name.includes('-images-')) continue;
        const cache = await caches.open(name);
        const copy = await cache.match(path);
        if (!copy) continue;
        const headers = new Headers(copy.headers);
        headers.set(header, time);
        await cache.put(path, new Response(await copy.blob(), { status: copy.status, headers }));
      }
      return time;
    },
    { path, minutes, header: savedAtHeader },
  );
}

async function expectShownFromCopy(page: Page, locale: Locale, title: string): Promise<void> {
  await expect(page.locator('h1')).toHaveText(title);
  const note = page.locator('[data-offline-note]');
  await expect(note).toBeVisible();
  await expect(note).toContainText(uiText(locale, 'offline.savedCopy'));
  await expect(note.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  // The cover image and the fonts come from the device too.
  const cover = page.locator('article img').first();
  await expect(cover).toBeVisible();
  await expect
    .poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  const fonts = await page.evaluate(async () => {
    await document.fonts.ready;
    return [...document.fonts].filter((face) => face.status === 'loaded').length;
  });
  expect(fonts).toBeGreaterThan(0);
}

for (const locale of ['en', 'ar'] as const) {
  test(`an anonymous reader's recent articles open offline, other pages get the offline page (${locale})`, async ({
    page,
    data,
    world,
  }) => {
    await world.online();
    const [read, unread] = routesOf(data, 'article', locale);
    if (!read || !unread) throw new Error(`two ${locale} articles needed`);
    await page.goto(world.url(`/${locale}/`));
    await workerReady(page);
    await page.goto(world.url(read.path));
    await expect(page.locator('[data-offline-note]')).toBeHidden();
    await expect.poll(() => devicePaths(page, 'recent')).toContain(read.path);

    await world.offline();

    // A page never read here: the site's own offline page in the address's language.
    await page.goto(world.url(unread.path));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
    await expect(page.locator('h1')).toHaveText(uiText(locale, 'offline.title'));
    await expect(page.getByText(uiText(locale, 'offline.body'))).toBeVisible();

    // Its link to the reading list, which lists the article read and opens it.
    await page.getByRole('link', { name: uiText(locale, 'offline.readingList') }).click();
    await expect(page.locator('h1')).toHaveText(uiText(locale, 'readingList.title'));
    await expect(
      page.getByRole('heading', { name: uiText(locale, 'readingList.recent') }),
    ).toBeVisible();
    const entry = page.getByRole('link', { name: read.article.title });
    await expect(entry).toBeVisible();
    await entry.click();
    await expectShownFromCopy(page, locale, read.article.title);

    // Back online: the page comes from the site again, without the note.
    await world.online();
    await page.goto(world.url(read.path));
    await expect(page.locator('[data-offline-note]')).toBeHidden();
  });

  test(`a member's bookmarks are kept offline, with the comments saying they need a connection, and signing out clears the device (${locale})`, async ({
    browser,
    data,
    world,
  }) => {
    test.skip(!backendAvailable, 'runs a local backend of its own, for a local build only');
    // A first visit precaches the scripts and fonts, then several pages on and off line.
    test.setTimeout(240_000);
    await world.online();
    const member = await freshMember('Offline Reader', locale, world.backendUrl);
    const client = await nodeClient(undefined, world.backendUrl);
    const { data: signIn } = await client.auth.signInWithPassword({
      email: member.email,
      password: memberPassword,
    });
    const articles = routesOf(data, 'article', locale);
    const [here, elsewhere, dropped] = articles;
    if (!here || !elsewhere || !dropped) throw new Error(`three ${locale} articles needed`);
    // Bookmarked on another device before this visit.
    await client.from('bookmarks').insert({ article_key: elsewhere.article.key });
    const context = await contextWithSession(browser, signIn.session, world.backendUrl);
    const page = await context.newPage();
    try {
      await page.goto(world.url(`/${locale}/`));
      await workerReady(page);
      await page.reload();
      // The next online visit keeps the other device's bookmark, in this page's language.
      await expect.poll(() => devicePaths(page, 'kept')).toContain(elsewhere.path);

      // Bookmarked here: kept at once.
      for (const target of [here, dropped]) {
        await page.goto(world.url(target.path));
        // The comments island hydrates when it comes into view.
        await page.locator('#comments').scrollIntoViewIfNeeded();
        const bookmark = page
          .locator('#comments')
          .getByRole('button', { name: uiText(locale, 'bookmark.toggle') });
        await bookmark.scrollIntoViewIfNeeded();
        await bookmark.click();
        await expect(bookmark).toHaveAttribute('aria-pressed', 'true');
        await expect.poll(() => devicePaths(page, 'kept')).toContain(target.path);
      }
      // Removed (here, pressed again): its copy leaves the device.
      const bookmark = page
        .locator('#comments')
        .getByRole('button', { name: uiText(locale, 'bookmark.toggle') });
      await bookmark.click();
      await expect(bookmark).toHaveAttribute('aria-pressed', 'false');
      await expect.poll(() => devicePaths(page, 'kept')).not.toContain(dropped.path);

      // A bookmarked copy saved more than ten minutes ago is fetched again at the next page
      // loaded online; one saved just now is not.
      const hereSavedAt = await savedAt(page, 'kept', here.path);
      const aged = await ageKeptCopy(page, elsewhere.path, 11);

      // The account page marks what the device keeps and links the reading list.
      await page.goto(world.url(`/${locale}/account/`));
      await expect.poll(() => savedAt(page, 'kept', elsewhere.path)).not.toBe(aged);
      expect((await savedAt(page, 'kept', elsewhere.path)) > aged).toBe(true);
      expect(await savedAt(page, 'kept', here.path)).toBe(hereSavedAt);
      const bookmarks = page.locator('li', { hasText: elsewhere.article.title });
      await expect(bookmarks).toContainText(uiText(locale, 'account.bookmarks.offline'));

      await world.offline();

      // Read, then bookmarked: the bookmarked copy is the newer, and the one shown.
      const keptAt = await savedAt(page, 'kept', here.path);
      expect(keptAt > (await savedAt(page, 'recent', here.path))).toBe(true);
      await page.goto(world.url(here.path));
      await expect(page.locator('[data-offline-note] time')).toHaveAttribute('datetime', keptAt);

      // The other device's bookmark, never opened here, reads offline with cover and fonts.
      await page.goto(world.url(elsewhere.path));
      await expectShownFromCopy(page, locale, elsewhere.article.title);
      // Comments, reactions and presence say they need a connection; a draft is kept.
      const comments = page.locator('#comments');
      await comments.scrollIntoViewIfNeeded();
      await expect(comments.getByText(uiText(locale, 'comments.offline'))).toBeVisible();
      const draft = `Offline draft ${Date.now()}`;
      await comments.getByLabel(uiText(locale, 'comments.form.label')).fill(draft);

      // The account menu leads to the reading list, which shows both bookmarks as bookmarked.
      await page.locator('header .avatar-button').click();
      await page
        .locator('header')
        .getByRole('link', { name: uiText(locale, 'header.readingList') })
        .click();
      await expect(page.locator('h1')).toHaveText(uiText(locale, 'readingList.title'));
      const keptList = page.locator('section').filter({
        has: page.getByRole('heading', { name: uiText(locale, 'readingList.bookmarked') }),
      });
      await expect(keptList.getByRole('link', { name: here.article.title })).toBeVisible();
      await expect(keptList.getByRole('link', { name: elsewhere.article.title })).toBeVisible();

      // Online again: the draft is still there and can be posted.
      await world.online();
      await page.goto(world.url(elsewhere.path));
      await expect(page.locator('[data-offline-note]')).toBeHidden();
      await comments.scrollIntoViewIfNeeded();
      const box = comments.getByLabel(uiText(locale, 'comments.form.label'));
      await expect(box).toHaveValue(draft);
      await comments.getByRole('button', { name: uiText(locale, 'comments.form.submit') }).click();
      await expect(comments.locator('.comment', { hasText: draft })).toBeVisible();

      // Nothing of the member's went into a cache: no response of the backend's origin.
      const cachedOrigins = await page.evaluate(async () => {
        const origins = new Set<string>();
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) {
            origins.add(new URL(request.url).origin);
          }
        }
        return [...origins];
      });
      expect(cachedOrigins).toEqual([new URL(world.url('/')).origin]);

      // Signing out leaves nothing of theirs on the device.
      await page.locator('header .avatar-button').click();
      await page
        .locator('header')
        .getByRole('button', { name: uiText(locale, 'header.signOut') })
        .click();
      await expect.poll(() => devicePaths(page, 'kept')).toEqual([]);
      await expect.poll(() => devicePaths(page, 'recent')).toEqual([]);
      await page.goto(world.url(`/${locale}/reading-list/`));
      await expect(page.getByText(uiText(locale, 'readingList.empty'))).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test(`on a full storage the oldest recent articles make room, and bookmarks stay (${locale})`, async ({
    browser,
    data,
    world,
  }) => {
    test.skip(!backendAvailable, 'runs a local backend of its own, for a local build only');
    test.setTimeout(120_000);
    await world.online();
    const [bookmarked, oldest, older, newer, newest] = routesOf(data, 'article', locale);
    if (!bookmarked || !oldest || !older || !newer || !newest) {
      throw new Error(`five ${locale} articles needed`);
    }
    const member = await freshMember('Offline Reader', locale, world.backendUrl);
    const client = await nodeClient(undefined, world.backendUrl);
    const { data: signIn } = await client.auth.signInWithPassword({
      email: member.email,
      password: memberPassword,
    });
    await client.from('bookmarks').insert({ article_key: bookmarked.article.key });
    const context = await contextWithSession(browser, signIn.session, world.backendUrl);
    const page = await context.newPage();
    const quota = await context.newCDPSession(page);
    const origin = new URL(world.url('/')).origin;
    try {
      await page.goto(world.url(`/${locale}/`));
      await workerReady(page);
      await page.reload();
      await expect.poll(() => devicePaths(page, 'kept')).toContain(bookmarked.path);
      for (const read of [oldest, older]) {
        await page.goto(world.url(read.path));
        await expect.poll(() => devicePaths(page, 'recent')).toContain(read.path);
      }

      // The device's storage is made full: less room left than one more article takes.
      const { usage = 0 } = await page.evaluate(() => navigator.storage.estimate());
      await quota.send('Storage.overrideQuotaForOrigin', { origin, quotaSize: usage + 10_000 });
      for (const read of [newer, newest]) {
        await page.goto(world.url(read.path));
        await expect.poll(() => devicePaths(page, 'recent')).toContain(read.path);
      }
      // The oldest read made room; the bookmark stayed.
      expect(await devicePaths(page, 'recent')).not.toContain(oldest.path);
      expect(await devicePaths(page, 'kept')).toContain(bookmarked.path);

      await world.offline();
      await page.goto(world.url(bookmarked.path));
      await expectShownFromCopy(page, locale, bookmarked.article.title);
      await page.goto(world.url(newest.path));
      await expectShownFromCopy(page, locale, newest.article.title);
      await page.goto(world.url(oldest.path));
      await expect(page.locator('h1')).toHaveText(uiText(locale, 'offline.title'));
    } finally {
      await quota.send('Storage.overrideQuotaForOrigin', { origin }).catch(() => undefined);
      await context.close();
    }
  });

  test(`each locale's pages link a web app manifest in that language (${locale})`, async ({
    page,
    request,
    baseURL,
    data,
  }) => {
    const article = anArticle(data, { locale });
    await page.goto(article.path);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe(`/${locale}/manifest.webmanifest`);
    const response = await request.get(`${baseURL}${href}`);
    expect(response.headers()['content-type']).toContain('application/manifest+json');
    const manifest = (await response.json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({
      lang: locale,
      dir: locale === 'ar' ? 'rtl' : 'ltr',
      start_url: `/${locale}/`,
      display: 'standalone',
    });
    expect(manifest['name']).toBe(data.content.settings[locale].title);
    for (const icon of manifest['icons'] as { src: string }[]) {
      expect((await request.get(`${baseURL}${icon.src}`)).ok()).toBe(true);
    }
  });
}

test('the service worker and the pages are served so that a new build reaches the worker', async ({
  request,
  baseURL,
  data,
}) => {
  const response = await request.get(`${baseURL}/sw.js`);
  expect(response.ok()).toBe(true);
  expect(response.headers()['cache-control']).toBe('no-cache');
  expect(response.headers()['service-worker-allowed']).toBe('/');
  // Pages are revalidated on every visit, so the worker's own fetch never gets an old copy.
  for (const path of ['/ar/', anArticle(data, { locale: 'ar' }).path, '/ar/offline/']) {
    const page = await request.get(`${baseURL}${path}`);
    expect(page.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
  }
});
