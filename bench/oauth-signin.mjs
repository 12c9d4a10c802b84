// Provider sign-in benchmark (numbers, not pass/fail): the time from pressing "Continue with
// Keycloak" in the sign-in dialog to the provider's form, and from submitting that form to the
// header showing the signed-in member (the person's typing is not counted), through the real
// redirects: site -> /auth/v1/authorize -> development OpenID provider -> /auth/v1/callback ->
// /{l}/auth/confirm/ (code exchange) -> the article again. Also the JavaScript (gzip) the dialog
// loads when opened (its code and the auth client). A signed-in page's JS is bench:weight's figure.
//
// Needs a build for the backend on SUPABASE_LOCAL_PORT (default 55621):
//   SUPABASE_LOCAL_PORT=55621 npx astro build --outDir /tmp/site-bench
//   SUPABASE_LOCAL_PORT=55621 node bench/oauth-signin.mjs --dist /tmp/site-bench [--runs 10]
// It starts that backend (tests/e2e/support/backend-server.ts, with the provider stand-in on a free
// port) and serves the build with scripts/serve-site.ts.
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchChromium, percentile, serveSite, startBackend } from './lib/browser-bench.mjs';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '10' },
    dist: { type: 'string', default: 'dist' },
  },
});
const runs = Number(args.runs);
const backendPort = process.env.SUPABASE_LOCAL_PORT ?? '55621';
const sitePort = process.env.BENCH_SITE_PORT ?? '55622';
const siteUrl = `http://127.0.0.1:${sitePort}`;
const articlePath = '/en/articles/night-trains-of-europe/';

const backend = await startBackend(backendPort, siteUrl);
const site = await serveSite(args.dist, sitePort);
const browser = await launchChromium();

const toForm = [];
const toSignedIn = [];
let dialogBytes = 0;
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      if (!response.url().startsWith(siteUrl)) return;
      scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
    });
    await page.goto(`${siteUrl}${articlePath}`);
    await page.waitForLoadState('networkidle');
    const beforeDialog = new Set(scripts.keys());
    await page.locator('header').getByRole('button', { name: 'Sign in', exact: true }).click();
    const button = page.getByRole('button', { name: 'Continue with Keycloak' });
    await button.waitFor();
    await page.waitForLoadState('networkidle');
    if (run === 0) {
      for (const [address, body] of scripts) {
        if (!beforeDialog.has(address)) dialogBytes += gzipSync(body).length;
      }
    }
    const clicked = performance.now();
    await button.click();
    await page.getByLabel('E-mail address', { exact: true }).waitFor();
    const formShown = performance.now();
    await page.getByLabel('E-mail address', { exact: true }).fill('member@example.com');
    await page.getByLabel('Password', { exact: true }).fill('polyglot-demo-2026');
    const submitted = performance.now();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.locator('header .avatar-button').waitFor();
    await page.waitForURL(`${siteUrl}${articlePath}`);
    const signedIn = performance.now();
    toForm.push(formShown - clicked);
    toSignedIn.push(signedIn - submitted);
    await context.close();
  }
} finally {
  await browser.close();
  site.stop();
  backend.stop();
}

const report = (label, values) => {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${percentile(sorted, 50).toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms (${runs} runs)`,
  );
};
report('"Continue with Keycloak" -> provider form', toForm);
report('provider form submitted -> signed in on the article', toSignedIn);
report(
  'both (machine time from the click to signed in, typing excluded)',
  toForm.map((value, index) => value + (toSignedIn[index] ?? 0)),
);
console.log(`dialog JS loaded on opening (gzip): ${(dialogBytes / 1024).toFixed(1)} KB`);
