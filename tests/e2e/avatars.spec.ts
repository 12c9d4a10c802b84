// The header's avatar asks Storage for the size it is drawn at (rendered by image transformations),
// and falls back to the uploaded picture where rendering is not offered (hosted Supabase's free
// plan answers 403 FeatureNotEnabled).
import sharp from 'sharp';
import { aRoute } from './support/site-data.ts';
import { nodeClient, signedInContext } from './support/community.ts';
import { expect, test } from './support/fixtures.ts';
import { backendAvailable } from './support/members.ts';

const email = 'second@example.com';
let source: Buffer;

test.skip(!backendAvailable, 'needs the local backend (E2E_BASE_URL tests a deployment)');
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  source = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c63' } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const client = await nodeClient(email);
  const { data } = await client.auth.getUser();
  const path = `${data.user?.id ?? ''}/avatar-e2e.jpg`;
  const upload = await client.storage
    .from('avatars')
    .upload(path, source, { contentType: 'image/jpeg', upsert: true });
  if (upload.error) throw upload.error;
  const update = await client
    .from('profiles')
    .update({ avatar_path: path })
    .eq('id', data.user?.id ?? '');
  if (update.error) throw update.error;
});

test.afterAll(async () => {
  const client = await nodeClient(email);
  const { data } = await client.auth.getUser();
  await client
    .from('profiles')
    .update({ avatar_path: null })
    .eq('id', data.user?.id ?? '');
});

test('the header avatar is rendered at the size it is drawn, not downloaded whole', async ({
  browser,
  data,
}) => {
  const context = await signedInContext(browser, email);
  const page = await context.newPage();
  const rendered = page.waitForResponse((response) =>
    response.url().includes('/storage/v1/render/image/public/avatars/'),
  );
  await page.goto(aRoute(data, 'home', 'en').path);
  const avatar = page.locator('header .avatar-button img');
  await expect(avatar).toBeVisible();
  const response = await rendered;
  expect(response.headers()['content-type']).toBe('image/webp');
  expect((await response.body()).byteLength).toBeLessThan(source.byteLength / 4);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(32);
  await context.close();
});

test('where Storage does not render images, the header shows the uploaded avatar instead', async ({
  browser,
  data,
}) => {
  const context = await signedInContext(browser, email);
  await context.route('**/storage/v1/render/image/**', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        statusCode: '403',
        error: 'FeatureNotEnabled',
        message: 'feature not enabled for this tenant',
      }),
    }),
  );
  const page = await context.newPage();
  await page.goto(aRoute(data, 'home', 'en').path);
  const avatar = page.locator('header .avatar-button img');
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(600);
  expect(await avatar.getAttribute('src')).toContain('/storage/v1/object/public/avatars/');
  await context.close();
});
