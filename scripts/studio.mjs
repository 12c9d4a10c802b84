// The editors' Sanity Studio (studio/, its own package): `npm run studio` serves it against the hosted
// project of SANITY_PROJECT_ID/SANITY_DATASET; `npm run studio:build` bundles it into studio/dist;
// `npm run studio:install` installs its packages (npm test does that when they are missing or stale).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';

const studioDir = join(import.meta.dirname, '..', 'studio');
const mode = process.argv[2] ?? 'dev';

/** npm writes node_modules/.package-lock.json on every install: older than the lock means stale. */
function isInstalled() {
  const installed = join(studioDir, 'node_modules', '.package-lock.json');
  return (
    existsSync(installed) &&
    statSync(installed).mtimeMs >= statSync(join(studioDir, 'package-lock.json')).mtimeMs
  );
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, {
    cwd: studioDir,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function install({ force }) {
  if (!force && isInstalled()) {
    console.log('Studio packages are installed (studio/node_modules).');
    return;
  }
  // The same flags as the site's install (see README: no `npm ci`, scripts only where allowed).
  run('npm', ['install', '--strict-allow-scripts', '--no-audit', '--no-fund']);
}

/** Sanity puts only SANITY_STUDIO_* variables in the Studio's bundle. */
function studioEnv() {
  return {
    SANITY_STUDIO_PROJECT_ID: process.env.SANITY_PROJECT_ID ?? '',
    SANITY_STUDIO_DATASET: process.env.SANITY_DATASET ?? 'production',
  };
}

if (mode === 'install') {
  install({ force: process.argv.includes('--force') });
} else if (mode === 'build') {
  install({ force: false });
  run('npx', ['sanity', 'build', '--yes'], studioEnv());
} else if (mode === 'dev') {
  if (!process.env.SANITY_PROJECT_ID) {
    console.error(
      'Set SANITY_PROJECT_ID (and SANITY_DATASET, default production) to the Sanity project the Studio edits.\n' +
        'Once per machine, sign in first: npx --prefix studio sanity login',
    );
    process.exit(1);
  }
  install({ force: false });
  run('npx', ['sanity', 'dev', '--port', process.env.STUDIO_PORT ?? '3333'], studioEnv());
} else {
  console.error(`Unknown mode "${mode}": use dev (default), build or install`);
  process.exit(1);
}
