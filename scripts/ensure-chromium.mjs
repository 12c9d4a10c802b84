// Makes sure the browser tests have Debian's Chromium (Playwright's own downloads are not used).
// When it is missing and this machine can install it (root, apt-get), it installs the `chromium`
// package; otherwise it says in one line what to install. Used by `npm test` before the browser tests.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** True when Chromium is there (after installing it if needed); false after printing why not. */
export function ensureChromium() {
  if (existsSync(chromiumPath)) return true;
  const canInstall =
    process.platform === 'linux' &&
    process.getuid?.() === 0 &&
    spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (canInstall && chromiumPath === '/usr/bin/chromium') {
    console.log(`Chromium is missing at ${chromiumPath}: installing Debian's chromium package…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    for (const args of [
      ['update', '-qq'],
      ['install', '-y', '-qq', 'chromium'],
    ]) {
      if (spawnSync('apt-get', args, { stdio: 'inherit', env }).status !== 0) break;
    }
    if (existsSync(chromiumPath)) return true;
  }
  console.error(
    `The browser tests need Chromium at ${chromiumPath}: install it with \`sudo apt-get install chromium\` (or set CHROMIUM_PATH).`,
  );
  return false;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(ensureChromium() ? 0 : 1);
