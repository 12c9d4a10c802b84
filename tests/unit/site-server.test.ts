import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createSiteApp } from '../../scripts/site-server/app';
import { parseHeaders, parseNotFoundRules } from '../../scripts/site-server/host-rules';

/** A tiny build: the root 404, a German page and the German 404, and the hosts' two files. */
function aBuild(): string {
  const dist = mkdtempSync(join(tmpdir(), 'site-server-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(dist, path, '..'), { recursive: true });
    writeFileSync(join(dist, path), text);
  };
  write('404.html', '<html lang="en">every language</html>');
  write('de/index.html', `<html lang="de">Startseite${' <p>Absatz</p>'.repeat(200)}</html>`);
  write('de/404/index.html', '<html lang="de">Seite nicht gefunden</html>');
  write('_astro/site.css', 'body{}');
  write('_redirects', '# comment\n/de/*  /de/404/  404\n/old  /new  301\n');
  write(
    '_headers',
    '/*\n  X-Content-Type-Options: nosniff\n/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n',
  );
  return dist;
}

describe('the site server of npm start', () => {
  const app = createSiteApp(aBuild());

  it('answers a missing page under a locale with that locale’s not-found page and 404', async () => {
    const response = await app.request('/de/articles/gibt-es-nicht/');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Seite nicht gefunden');
  });

  it('answers a missing page outside the locales with the root not-found page', async () => {
    const response = await app.request('/nirgends/');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('every language');
  });

  it('sends pages gzip-compressed to a browser that accepts it, and plain to one that does not', async () => {
    const compressed = await app.request('/de/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(compressed.headers.get('Content-Encoding')).toBe('gzip');
    const bytes = new Uint8Array(await compressed.arrayBuffer());
    expect(bytes.length).toBeLessThan(500);
    expect(gunzipSync(bytes).toString('utf8')).toContain('Startseite');
    const plain = await app.request('/de/');
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(await plain.text()).toContain('Startseite');
  });

  it('serves directory index pages with or without the trailing slash', async () => {
    for (const path of ['/de/', '/de']) {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('Startseite');
    }
  });

  it('sends the headers of _headers, but never caches a not-found answer', async () => {
    const asset = await app.request('/_astro/site.css');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    const missing = await app.request('/_astro/gone.css');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    expect(missing.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('has pages revalidated on every visit, as static hosts do, so a new build (and the service worker) gets them', async () => {
    // Without a Cache-Control, `Last-Modified` alone would let the browser reuse a page for a while.
    for (const path of ['/de/', '/de/404/']) {
      const page = await app.request(path);
      expect(page.headers.get('last-modified')).not.toBeNull();
      expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
  });
});

describe('the site server with the repository’s _headers', () => {
  it('sends the service worker uncached and allowed to control the whole site', async () => {
    const { readFile } = await import('node:fs/promises');
    const dist = aBuild();
    writeFileSync(join(dist, '_headers'), await readFile('public/_headers', 'utf8'));
    writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting();');
    const app = createSiteApp(dist);
    const worker = await app.request('/sw.js');
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('service-worker-allowed')).toBe('/');
    const page = await app.request('/de/');
    expect(page.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const asset = await app.request('/_astro/site.css');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('the static hosts’ files', () => {
  it('reads the repository’s own _redirects as one not-found rule per locale', async () => {
    const { readFile } = await import('node:fs/promises');
    const rules = parseNotFoundRules(await readFile('public/_redirects', 'utf8'));
    expect(rules).toEqual(
      ['en', 'de', 'fr', 'ar'].map((locale) => ({
        pattern: `/${locale}/*`,
        page: `/${locale}/404/`,
      })),
    );
  });

  it('fails on a header line it cannot read rather than dropping it', () => {
    expect(() => parseHeaders('  Orphan: header')).toThrow(/cannot read/);
  });
});
