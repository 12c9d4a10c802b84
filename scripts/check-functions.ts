// Type-checks the Deno code with Deno itself (`deno check`): each Edge Function with its own
// deno.json, the test fixtures, and the runtime's boot script. The project's tsconfig leaves these
// out (they use the Deno global and npm: specifiers). Run as `npm run check:functions`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { denoBinary } from '../local-supabase/functions/deno-binary.ts';
import { projectRoot } from '../local-supabase/paths.ts';

const env = {
  ...process.env,
  DENO_DIR: join(projectRoot, 'node_modules', '.cache', 'local-supabase-deno'),
  DENO_NO_UPDATE_CHECK: '1',
  DENO_NO_PACKAGE_JSON: '1',
  DENO_TLS_CA_STORE: 'mozilla,system',
};

/** Every `<dir>/<name>/index.ts` of a functions folder, with the function's deno.json if it has one. */
function functionsIn(dir: string): { entry: string; config: string | undefined }[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => join(dir, entry.name))
    .filter((path) => existsSync(join(path, 'index.ts')))
    .map((path) => ({
      entry: join(path, 'index.ts'),
      config: existsSync(join(path, 'deno.json')) ? join(path, 'deno.json') : undefined,
    }));
}

const targets = [
  ...functionsIn(join(projectRoot, 'supabase', 'functions')),
  ...functionsIn(join(projectRoot, 'tests', 'fixtures', 'functions')),
  {
    entry: join(projectRoot, 'local-supabase', 'functions', 'runtime', 'boot.ts'),
    config: undefined,
  },
];

let failed = 0;
for (const { entry, config } of targets) {
  const args = ['check', '--quiet', config ? `--config=${config}` : '--no-config', entry];
  const result = spawnSync(denoBinary(), args, { cwd: projectRoot, env, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
console.log(`deno check: ${targets.length - failed} of ${targets.length} passed`);
process.exitCode = failed > 0 ? 1 : 0;
