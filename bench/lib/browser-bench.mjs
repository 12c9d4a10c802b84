/**
 * What the browser benchmarks (comments, OAuth and SSO sign-in) share: the e2e backend and a built
 * site started as their own process groups, Debian's Chromium, and percentiles.
 */
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

/**
 * Starts a helper in its own process group, so stopping it stops what npx started under it;
 * resolves once it prints a line containing `readyText`.
 *
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, line: string, stop: () => void }>}
 */
export function startProcess(command, args, env, readyText) {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => {
      reject(new Error(`${command} ${args.join(' ')} exited with ${code} before it was ready`));
    });
    child.stdout.on('data', (chunk) => {
      const line = String(chunk)
        .split('\n')
        .find((text) => text.includes(readyText));
      if (line) resolve({ child, line, stop: () => process.kill(-child.pid, 'SIGTERM') });
    });
  });
}

/**
 * The e2e backend (tests/e2e/support/backend-server.ts, with the development stand-ins) on
 * `port`, redirecting sign-ins to `siteUrl`; `url` and `serviceKey` come from its READY line.
 */
export async function startBackend(port, siteUrl) {
  const backend = await startProcess(
    'npx',
    ['node', 'tests/e2e/support/backend-server.ts'],
    { E2E_SUPABASE_PORT: port, E2E_MAILBOX_PORT: '0', E2E_SITE_URL: siteUrl },
    'READY',
  );
  const { url, serviceKey } = JSON.parse(backend.line.slice(backend.line.indexOf('{')));
  return { ...backend, url, serviceKey };
}

/** Serves a build (`dist`) on `port` with the project's static server, as the e2e tests do. */
export function serveSite(dist, port) {
  return startProcess(
    'npx',
    ['node', 'scripts/serve-site.ts', '--host', '127.0.0.1', '--port', port, '--dist', dist],
    {},
    port,
  );
}

export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
}

/** The p-th percentile of ascending `sorted` values (NaN for none). */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
