import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { locales } from '../../../src/i18n/locales';
import { loadSiteContent } from '../../../src/content/index';
import { globalQueries, perLocaleQueries } from '../../../src/content/queries';
import { loadExport } from '../../../src/content/sources/load-export';
import { createLocalSource } from '../../../src/content/sources/local-source';
import { createSanitySource } from '../../../src/content/sources/sanity-source';
import type { ContentSource } from '../../../src/content/sources/content-source';
import type { SiteContent } from '../../../src/content/types';
import { startSanityApiServer, type SanityApiServer } from './helpers/sanity-api-server';

const datasetDir = 'src/content/dataset';
const projectId = 'parity';
const dataset = 'production';
const apiVersion = '2025-02-19';

let server: SanityApiServer;
let hosted: ContentSource;
let local: ContentSource;

beforeAll(async () => {
  // What a `sanity dataset import` of the embedded export leaves on hosted Sanity.
  const { documents } = await loadExport(datasetDir, { projectId, dataset });
  server = await startSanityApiServer({ dataset, documents });
  hosted = createSanitySource({
    projectId,
    dataset,
    apiVersion,
    token: undefined,
    apiHost: server.url,
  });
  local = createLocalSource({ datasetDir, projectId, dataset });
});

afterAll(() => server.close());

describe('every query gives the same result from hosted Sanity and from the local export', () => {
  const cases = [
    ...locales.flatMap((language) =>
      Object.entries(perLocaleQueries).map(([name, query]) => ({
        name: `${name} (${language})`,
        query,
        params: { language },
      })),
    ),
    ...Object.entries(globalQueries).map(([name, query]) => ({ name, query, params: {} })),
  ];

  test.each(cases)('$name', async ({ query, params }) => {
    const [fromSanity, fromLocal] = await Promise.all([
      hosted.fetchQuery(query, params),
      local.fetchQuery(query, params),
    ]);
    expect(fromLocal).toEqual(fromSanity);
    expect(Array.isArray(fromLocal) && fromLocal.length > 0).toBe(true);
  });

  test('the client reached the loopback server with the published perspective', () => {
    expect(server.requests.length).toBeGreaterThanOrEqual(cases.length);
    expect(server.requests.every((request) => request.perspective === 'published')).toBe(true);
  });
});

test('a query too long for a URL goes by POST and still matches', async () => {
  const ids = Array.from(
    { length: 600 },
    (_, i) => `article-that-does-not-exist-${String(i)}`,
  ).concat('author-amara-okafor');
  const query = '*[_id in $ids]{ _id, name }';
  const before = server.requests.length;
  const [fromSanity, fromLocal] = await Promise.all([
    hosted.fetchQuery(query, { ids }),
    local.fetchQuery(query, { ids }),
  ]);
  expect(server.requests.slice(before).map((r) => r.method)).toEqual(['POST']);
  expect(fromLocal).toEqual(fromSanity);
  expect(fromLocal).toEqual([{ _id: 'author-amara-okafor', name: 'Amara Okafor' }]);
});

test('site content from hosted Sanity equals the local one except where images are served from', async () => {
  const [fromSanity, fromLocal] = await Promise.all([
    loadSiteContent(hosted),
    loadSiteContent(local),
  ]);
  expect(fromSanity.source).toEqual({ kind: 'sanity', projectId, dataset });
  expect(fromLocal.source).toEqual({ kind: 'local', projectId, dataset });
  expect(withoutImageLocations(fromLocal)).toEqual(withoutImageLocations(fromSanity));

  const hostedCover = fromSanity.articles.en[0]?.coverImage;
  expect(hostedCover?.url).toMatch(
    new RegExp(
      `^https://cdn\\.sanity\\.io/images/${projectId}/${dataset}/[a-f0-9]{40}-\\d+x\\d+\\.jpg$`,
    ),
  );
  expect(hostedCover?.localPath).toBeNull();
  expect(fromLocal.articles.en[0]?.coverImage.url).toBeNull();
});

test("a GROQ syntax error reaches the caller with Sanity's queryParseError, on both paths", async () => {
  const broken = '*[_type == "article" && ]{ title }';
  await expect(hosted.fetchQuery(broken)).rejects.toThrow(/queryParseError|unexpected|expected/i);
  await expect(hosted.fetchQuery(broken)).rejects.toMatchObject({ statusCode: 400 });
  await expect(local.fetchQuery(broken)).rejects.toThrow(
    expect.objectContaining({ name: 'GroqSyntaxError' }) as Error,
  );
});

function withoutImageLocations(content: SiteContent): unknown {
  return JSON.parse(JSON.stringify(content), (key, value: unknown) =>
    key === 'url' || key === 'localPath' || key === 'source' ? undefined : value,
  );
}
