import { existsSync, readFileSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { resolveSupabaseSettings } from './src/lib/supabase-settings.ts';
import { freePort } from './tests/backend/helpers/free-port.ts';

/**
 * Browser tests of the built site (`dist/`, built by `npm test` before this runs, or by
 * `npm run build`). Chromium is Debian's (`apt-get install chromium`): Playwright's own browser
 * downloads are not available on these machines.
 *
 * `E2E_BASE_URL` points the tests at a site that is already served (then no server is started);
 * `E2E_DIST_DIR` serves another build than `dist/` (e.g. `npx astro build --outDir /tmp/site`, so
 * a rebuild of `dist/` by someone else in the same checkout cannot change the site under test).
 *
 * The members' tests need the local backend the site was built for: the config resolves the
 * Supabase URL exactly as the build does (PUBLIC_SUPABASE_URL, else the local backend on
 * SUPABASE_LOCAL_PORT, default 54321) and starts `tests/e2e/support/backend-server.ts` on that
 * port. To run next to `npm start` or another engineer's run, build and test with the same
 * `SUPABASE_LOCAL_PORT`, e.g. `SUPABASE_LOCAL_PORT=55421 npm run build` and
 * `SUPABASE_LOCAL_PORT=55421 npx playwright test`. Its mailbox gets a free port
 * (`E2E_MAILBOX_PORT`), which the tests read from the environment.
 */

const externalBaseUrl = process.env['E2E_BASE_URL'];
const distDir = process.env['E2E_DIST_DIR'] ?? 'dist';
// Workers load this file again: only the runner (which has no port yet) checks and picks.
if (process.env['E2E_PORT'] === undefined) {
  if (externalBaseUrl === undefined && !existsSync(`${distDir}/index.html`)) {
    throw new Error(
      `${distDir}/ has no build: run \`npm run build\` first (\`npm test\` does it for you).`,
    );
  }
  process.env['E2E_PORT'] = String(await freePort());
  process.env['E2E_MAILBOX_PORT'] ??= String(await freePort());
}
const port = Number(process.env['E2E_PORT']);
const baseURL = externalBaseUrl ?? `http://127.0.0.1:${port}`;

const supabase = await resolveSupabaseSettings();
const supabaseUrl = new URL(supabase.url);
// A hosted project (or a backend someone else runs) is used as it is; a loopback one is ours to start.
const startBackend =
  externalBaseUrl === undefined &&
  process.env['PUBLIC_SUPABASE_URL'] === undefined &&
  supabaseUrl.protocol === 'http:';
process.env['E2E_SUPABASE_URL'] = supabase.url;
if (startBackend && existsSync(`${distDir}/en/index.html`)) {
  const page = readFileSync(`${distDir}/en/index.html`, 'utf8');
  if (!page.includes(supabaseUrl.origin)) {
    throw new Error(
      `${distDir}/ was built for another Supabase URL than ${supabaseUrl.origin}: build and test ` +
        'with the same SUPABASE_LOCAL_PORT / PUBLIC_SUPABASE_URL.',
    );
  }
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // Two cores: more workers only queue behind each other and make timing-sensitive waits slower.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env['CI']),
  retries: 0,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    toHaveScreenshot: {
      // Committed baselines of visual.spec.ts, one flat folder per spec (README.md, "Screenshots").
      pathTemplate: '{testDir}/screenshots/{testFileName}/{arg}{ext}',
      animations: 'disabled',
      caret: 'hide',
      // Measured: repeated runs on this machine, idle, loaded (load average 22–25) and with
      // CI=true, gave pixel-identical screenshots. The tolerance only absorbs another build of
      // Chromium or FreeType on a CI machine: a pixel counts as changed when its colour moves more
      // than Playwright's default 0.2, and up to 0.5% of them may (≈5,000 on the desktop, ≈1,600 on
      // the phone); a layout change moves far more (README.md, "Screenshots").
      threshold: 0.2,
      maxDiffPixelRatio: 0.005,
    },
  },
  // `scripts/test.mjs` sets PLAYWRIGHT_JSON_OUTPUT_NAME for the JSON report it summarizes.
  reporter: [
    ['list'],
    ['json', { outputFile: process.env['PLAYWRIGHT_JSON_OUTPUT_NAME'] ?? 'test-results/e2e.json' }],
  ],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // The offline service worker would precache the scripts and fonts in every test's fresh
    // browser, and answer requests that tests hold back or count; offline.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  ...(externalBaseUrl === undefined
    ? {
        webServer: [
          {
            // The server `npm start` runs (per-locale not-found pages, `_headers`), on the runner's
            // own Node 24 so that the stop signal reaches it.
            command: `${process.execPath} scripts/serve-site.ts --host 127.0.0.1 --port ${port} --dist ${distDir}`,
            url: `${baseURL}/en/`,
            // A fresh server on a fresh port every run: never a stale one from another checkout.
            reuseExistingServer: false,
            timeout: 120_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
          ...(startBackend
            ? [
                {
                  // The runner's own Node 24, so that the stop signal reaches the backend (not an npx wrapper).
                  command: `${process.execPath} tests/e2e/support/backend-server.ts`,
                  url: `${supabaseUrl.origin}/health`,
                  reuseExistingServer: false,
                  // SIGTERM lets it stop and delete its copy of the database (SIGKILL, the default, would not).
                  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
                  timeout: 120_000,
                  env: {
                    E2E_SUPABASE_PORT: supabaseUrl.port || '80',
                    E2E_MAILBOX_PORT: process.env['E2E_MAILBOX_PORT'] ?? '',
                    E2E_SITE_URL: baseURL,
                  },
                  stdout: 'ignore' as const,
                  stderr: 'pipe' as const,
                },
              ]
            : []),
        ],
      }
    : {}),
});
