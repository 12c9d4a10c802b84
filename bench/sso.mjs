// Single sign-on benchmark (numbers, not pass/fail): the time from pressing "Continue to your
// organisation" in the sign-in dialog to the header showing the signed-in staff member, back on the
// article they started from. The path: the dialog's POST /auth/v1/sso, the redirect to the SAML
// stand-in, its form (filled by the script at once, so people's typing is not in the number), the
// signed assertion posted to the ACS, /{l}/auth/confirm/ exchanging the PKCE code, and the article.
// Also the part of it spent before the stand-in's page shows.
//
// Needs a build for the backend on SUPABASE_LOCAL_PORT (default 55621):
//   SUPABASE_LOCAL_PORT=55621 npx astro build --outDir /tmp/site-sso
//   SUPABASE_LOCAL_PORT=55621 BENCH_DIST=/tmp/site-sso node bench/sso.mjs --rounds 10
// It starts that backend (tests/e2e/support/backend-server.ts, with the SAML stand-in) and serves
// the build with scripts/serve-site.ts.
import { parseArgs } from 'node:util';
import { launchChromium, percentile, serveSite, startBackend } from './lib/browser-bench.mjs';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '10' } } });
const rounds = Number(args.rounds);
const backendPort = process.env.SUPABASE_LOCAL_PORT ?? '55621';
const sitePort = process.env.BENCH_SITE_PORT ?? '55622';
const dist = process.env.BENCH_DIST ?? 'dist';
const site = `http://127.0.0.1:${sitePort}`;
const articlePath = '/en/articles/night-trains-of-europe/';

const backend = await startBackend(backendPort, site);
const server = await serveSite(dist, sitePort);
const browser = await launchChromium();

const total = [];
const toIdp = [];
try {
  for (let round = 0; round < rounds; round++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${site}${articlePath}`);
    await page.locator('header').getByRole('button', { name: 'Sign in', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Work e-mail address').fill('editor@newsroom.example');
    const began = performance.now();
    await dialog.getByRole('button', { name: 'Continue to your organisation' }).click();
    await page.waitForURL((url) => url.pathname === '/sso');
    await page.getByLabel('Work email').waitFor();
    const atIdp = performance.now();
    await page.getByLabel('Work email').fill('editor@newsroom.example');
    await page.getByLabel('Password').fill('polyglot-demo-2026');
    const filled = performance.now();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === articlePath && url.origin === site);
    await page.locator('header .avatar-button').waitFor();
    const done = performance.now();
    // The script's own typing at the stand-in is taken out of the total.
    total.push(done - began - (filled - atIdp));
    toIdp.push(atIdp - began);
    await context.close();
  }
} finally {
  await browser.close();
  backend.stop();
  server.stop();
}

const describe = (name, values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const ms = (value) => `${Math.round(value)} ms`;
  console.log(
    `${name}: median ${ms(percentile(sorted, 50))}, p90 ${ms(percentile(sorted, 90))}, ` +
      `min ${ms(sorted[0])}, max ${ms(sorted.at(-1))} (${sorted.length} rounds)`,
  );
};
describe('"Continue to your organisation" to signed in on the article', total);
describe('  of which: to the identity provider’s page', toIdp);
