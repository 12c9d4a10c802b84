// The community features on a built article page against the local backend, with several
// browser contexts: what one reader does appears live for the others.
import { randomUUID } from 'node:crypto';
import type { WebSocketRoute } from '@playwright/test';
import { findAccessibilityViolations } from './support/axe.ts';
import { commentByText, nodeClient, openComments, signedInContext } from './support/community.ts';
import { expect, test } from './support/fixtures.ts';
import { MemberHeader } from './support/members.ts';
import { locales, routesOf, type SiteData } from './support/site-data.ts';
import { uiText } from './support/ui-strings.ts';

function articlePath(data: SiteData, key: string, locale: (typeof locales)[number]): string {
  const route = routesOf(data, 'article', locale).find(
    (candidate) => candidate.article.key === key,
  );
  if (!route) throw new Error(`no ${locale} page for ${key}`);
  return route.path;
}

const liveArticle = 'translation-metadata-article-night-trains-of-europe';
const seededArticle = 'translation-metadata-article-unicode-explained';

test('a comment appears live for another reader and disappears for them when a moderator hides it', async ({
  browser,
  data,
}) => {
  const path = articlePath(data, liveArticle, 'en');
  const memberContext = await signedInContext(browser, 'member@example.com');
  const readerContext = await browser.newContext();
  const member = await memberContext.newPage();
  const reader = await readerContext.newPage();
  await openComments(reader, path);
  await openComments(member, path);

  const text = `Live from the night train ${randomUUID().slice(0, 8)}`;
  await member.getByLabel('Your comment').fill(text);
  await member.getByRole('button', { name: 'Post comment' }).click();
  await expect(commentByText(member, text)).toBeVisible();
  await expect(commentByText(reader, text)).toBeVisible();

  const id = await commentByText(reader, text).getAttribute('data-comment-id');
  // The demo admin moderates too; the demo moderator's sign-ins are left to the browser tests.
  const moderator = await nodeClient('admin@example.com');
  const { error } = await moderator.rpc('hide_comment', { comment_id: id });
  expect(error).toBeNull();
  await expect(commentByText(reader, text)).toHaveCount(0);
  // The author still sees it, marked as hidden; nobody else does.
  await expect(commentByText(member, text)).toContainText('Hidden by a moderator');

  await memberContext.close();
  await readerContext.close();
});

test('after its connection drops, a page shows the comment posted meanwhile', async ({
  browser,
  data,
}) => {
  const path = articlePath(data, liveArticle, 'en');
  const context = await browser.newContext();
  // The page's realtime socket goes through the test, which can cut it and refuse reconnections.
  const sockets: WebSocketRoute[] = [];
  let cut = false;
  await context.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
    if (cut) {
      void socket.close({ code: 1006 });
      return;
    }
    socket.connectToServer();
    sockets.push(socket);
  });
  const page = await context.newPage();
  await openComments(page, path);

  cut = true;
  await Promise.all(sockets.map((socket) => socket.close({ code: 1006 })));
  await expect(page.getByText(uiText('en', 'comments.live.reconnecting'))).toBeVisible();
  const text = `Posted while you were away ${randomUUID().slice(0, 8)}`;
  const author = await nodeClient('second@example.com');
  const { error } = await author
    .from('comments')
    .insert({ article_key: liveArticle, body: text, language: 'en' });
  expect(error).toBeNull();
  // Nothing can reach the page now: the comment is not there yet.
  await expect(commentByText(page, text)).toHaveCount(0);

  cut = false;
  await expect(commentByText(page, text)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(uiText('en', 'comments.live.reconnecting'))).toHaveCount(0);
  await context.close();
});

test('deleting one’s comment asks first in a dialog; Escape keeps the comment', async ({
  browser,
  data,
}) => {
  const context = await signedInContext(browser, 'admin@example.com');
  const page = await context.newPage();
  await openComments(page, articlePath(data, liveArticle, 'en'));
  const text = `To be withdrawn ${randomUUID().slice(0, 8)}`;
  await page.getByLabel('Your comment').fill(text);
  await page.getByRole('button', { name: 'Post comment' }).click();
  const comment = commentByText(page, text);
  const remove = comment.getByRole('button', { name: 'Delete', exact: true });

  await remove.click();
  const dialog = page.getByRole('alertdialog', {
    name: uiText('en', 'comments.actions.deleteConfirm'),
  });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  expect(await findAccessibilityViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(comment).toBeVisible();
  await expect(remove).toBeFocused();

  await remove.click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  // Withdrawn without replies: nothing is left to show.
  await expect(commentByText(page, text)).toHaveCount(0);
  await context.close();
});

test('the comment box’s Sign in opens the header’s sign-in dialog', async ({ page, data }) => {
  await openComments(page, articlePath(data, seededArticle, 'en'));

  await page
    .locator('#comments')
    .getByRole('button', { name: uiText('en', 'comments.signIn'), exact: true })
    .click();

  const header = new MemberHeader(page, 'en');
  await expect(header.dialog).toBeVisible();
  await expect(header.field('auth.field.email')).toBeVisible();
});

test('reaction counts and the number of readers change live', async ({ browser, data }) => {
  const path = articlePath(data, liveArticle, 'de');
  const readerContext = await browser.newContext();
  const reader = await readerContext.newPage();
  await openComments(reader, path);
  const readers = reader.locator('#comments [data-readers]');
  await expect(readers).toHaveAttribute('data-readers', '1');

  const memberContext = await signedInContext(browser, 'second@example.com');
  const member = await memberContext.newPage();
  await openComments(member, path);
  // Rises with the second reader. (A signed-in page can be counted twice for a moment while its
  // channel re-authorizes with the member's token, so this asserts the rise, not the exact number.)
  await expect
    .poll(async () => Number(await readers.getAttribute('data-readers')))
    .toBeGreaterThan(1);

  const funny = reader.locator('[data-reaction="funny"] .count');
  const before = Number(await funny.textContent());
  await member.locator('[data-reaction="funny"]').click();
  await expect(funny).toHaveText(String(before + 1));

  await memberContext.close();
  await expect(readers).toHaveAttribute('data-readers', '1');
  await readerContext.close();
});

test('comment text and names are shown as text: markup and script URLs run nothing', async ({
  browser,
  data,
}) => {
  const path = articlePath(data, liveArticle, 'fr');
  const payloads = [
    '<img src=x onerror="window.__xss=1">',
    '<script>window.__xss=2</script>',
    '<a href="javascript:window.__xss=3">click</a> javascript:window.__xss=4',
    '"><svg onload="window.__xss=5">',
    'https://example.org/"onmouseover="window.__xss=6',
  ];
  const author = await nodeClient('member@example.com');
  for (const body of payloads) {
    const { error } = await author.from('comments').insert({
      article_key: liveArticle,
      body,
      language: 'fr',
    });
    if (error?.message === 'rate_limited') break;
    expect(error).toBeNull();
  }
  const context = await browser.newContext();
  const page = await context.newPage();
  await openComments(page, path);
  await expect(commentByText(page, '<script>')).toHaveCount(1);
  for (const link of await page.locator('#comments .comment-text a').all()) {
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    expect(await link.getAttribute('href')).toMatch(/^https?:/);
  }
  await page.locator('#comments .comment-text').first().hover();
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(
    await page.locator('.comment-list img, .comment-list script, .comment-list svg').count(),
  ).toBe(0);
  await context.close();
});

for (const locale of locales) {
  test(`an article with its comments open has no accessibility violations (${locale})`, async ({
    page,
    data,
  }) => {
    await openComments(page, articlePath(data, seededArticle, locale));
    await expect(page.locator('#comments .comment').first()).toBeVisible();
    expect(await findAccessibilityViolations(page)).toEqual([]);
  });
}

test('an anonymous article page loads no JavaScript for comments until the reader scrolls there', async ({
  page,
  data,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(articlePath(data, seededArticle, 'en'));
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((url) => /CommentsIsland|supabase|realtime/i.test(url))).toEqual([]);
  await page.locator('#comments').scrollIntoViewIfNeeded();
  await expect(page.locator('#comments .comment').first()).toBeVisible();
});
