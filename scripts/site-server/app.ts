/**
 * The static site server of `npm start` and the browser tests: files of the build, directory
 * `index.html`s, the headers of `_headers`, and not-found pages as `_redirects` says (each
 * locale's own, in its language and frame), so a mistyped `/de/…` URL stays German. Text (HTML with
 * its inlined stylesheet, SVG, JSON, XML) is sent gzip-compressed when the browser accepts it, as
 * static hosts do; images and fonts, already compressed, are sent as they are.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { headersFor, notFoundPageFor, parseHeaders, parseNotFoundRules } from './host-rules.ts';

/** The static hosts' default for files `_headers` gives no Cache-Control. */
export const hostDefaultCacheControl = 'public, max-age=0, must-revalidate';

export function createSiteApp(distDir: string): Hono {
  const read = (name: string) =>
    existsSync(join(distDir, name)) ? readFileSync(join(distDir, name), 'utf8') : '';
  const headerRules = parseHeaders(read('_headers'));
  const notFoundRules = parseNotFoundRules(read('_redirects'));

  const app = new Hono();
  app.use('*', compress());
  app.use('*', async (c, next) => {
    await next();
    for (const [name, value] of headersFor(headerRules, c.req.path)) {
      // A not-found answer must never be cached for a year under a hashed asset's name.
      if (c.res.status >= 400 && name.toLowerCase() === 'cache-control') continue;
      c.header(name, value);
    }
    // What Netlify and Cloudflare Pages send when `_headers` says nothing: a browser asks again on
    // every visit. Without it, a page with only `Last-Modified` is fresh for a while by the
    // browser's own reckoning, and a new build (or the service worker's own fetch of a page)
    // would get the old copy from the HTTP cache.
    if (!c.res.headers.has('cache-control')) c.header('Cache-Control', hostDefaultCacheControl);
  });
  app.use('*', serveStatic({ root: distDir }));
  app.notFound((c) => {
    const page = notFoundPageFor(notFoundRules, c.req.path);
    const file = join(distDir, page, page.endsWith('/') ? 'index.html' : '');
    const found = existsSync(file) && statSync(file).isFile();
    return c.html(found ? readFileSync(file, 'utf8') : 'Not found', 404);
  });
  return app;
}
