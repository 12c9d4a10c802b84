import { afterAll, beforeAll, expect, test } from 'vitest';
import { locales } from '../../../src/i18n/locales';
import { readContentConfig } from '../../../src/content/source-config';
import { loadExport } from '../../../src/content/sources/load-export';
import { startSanityApiServer, type SanityApiServer } from './helpers/sanity-api-server';

let server: SanityApiServer;

beforeAll(async () => {
  const { documents } = await loadExport('src/content/dataset', {
    projectId: 'envtest',
    dataset: 'staging',
  });
  server = await startSanityApiServer({ dataset: 'staging', documents });
  // getSiteContent reads the environment once, on its first call.
  process.env['SANITY_PROJECT_ID'] = 'envtest';
  process.env['SANITY_DATASET'] = 'staging';
  process.env['SANITY_API_HOST'] = server.url;
});

afterAll(async () => {
  for (const name of ['SANITY_PROJECT_ID', 'SANITY_DATASET', 'SANITY_API_HOST'])
    Reflect.deleteProperty(process.env, name);
  await server.close();
});

test('with SANITY_PROJECT_ID set, getSiteContent reads hosted Sanity once per process: one query per type and locale', async () => {
  const { getSiteContent } = await import('../../../src/content/index');
  const first = await getSiteContent();
  const second = await getSiteContent();

  expect(second).toBe(first);
  expect(first.source).toEqual({ kind: 'sanity', projectId: 'envtest', dataset: 'staging' });
  expect(first.articles.en[0]?.coverImage.url).toMatch(
    /^https:\/\/cdn\.sanity\.io\/images\/envtest\/staging\//,
  );
  // articles, categories, pages, settings per locale; authors, image assets, translation groups
  // and the unknown-language check once.
  expect(server.requests).toHaveLength(locales.length * 4 + 4);
  expect(server.requests.every((r) => r.path === '/v2025-02-19/data/query/staging')).toBe(true);
});

test('without SANITY_PROJECT_ID the embedded dataset is used, relative to the working directory', () => {
  expect(readContentConfig({})).toEqual({
    kind: 'local',
    projectId: 'local',
    dataset: 'production',
    datasetDir: `${process.cwd()}/src/content/dataset`,
  });
  expect(
    readContentConfig({ CONTENT_DATASET_DIR: '/data/export', SANITY_PROJECT_ID: ' ' }),
  ).toMatchObject({
    kind: 'local',
    datasetDir: '/data/export',
  });
  expect(readContentConfig({ SANITY_PROJECT_ID: 'abc123', SANITY_READ_TOKEN: 'sk' })).toEqual({
    kind: 'sanity',
    projectId: 'abc123',
    dataset: 'production',
    apiVersion: '2025-02-19',
    token: 'sk',
    apiHost: undefined,
  });
});
