// The Deno that runs functions: the binary the `deno` npm package installs (pinned in package.json),
// so `npm install` is all a machine needs.
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

let found: string | undefined;

/** The path of the deno executable; throws with what to run when it is missing. */
export function denoBinary(): string {
  if (found) return found;
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('deno/package.json'));
  // The package's postinstall puts the platform's binary next to it; without it, the platform package.
  const candidates = [
    join(packageDir, process.platform === 'win32' ? 'deno.exe' : 'deno'),
    ...['linux-x64-glibc', 'linux-arm64-glibc', 'darwin-x64', 'darwin-arm64'].map((platform) =>
      join(packageDir, '..', '@deno', platform, 'deno'),
    ),
  ];
  found = candidates.find((path) => existsSync(path));
  if (!found) throw new Error('Deno is not installed: run npm install (the deno package)');
  return found;
}
