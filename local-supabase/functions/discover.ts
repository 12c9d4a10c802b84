// Which function a name means, in the Supabase CLI's layout: `<functions dir>/<name>/index.ts`
// (or `[functions.<name>] entrypoint`), with the function's own `deno.json` and `_shared/` next to it.
import { access, readFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import type { EdgeFunctionSettings } from '../config/schema.ts';

export interface FunctionFiles {
  name: string;
  dir: string;
  entrypoint: string;
  configPath: string | undefined;
  importMapPath: string | undefined;
  verifyJwt: boolean;
}

/** Folder names the CLI serves: not `_shared` and other `_`/`.` folders, nothing with a slash. */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function firstExisting(paths: string[]): Promise<string | undefined> {
  for (const path of paths) if (await exists(path)) return path;
  return undefined;
}

/** The function called `name`, or undefined when there is none (or it is switched off). */
export async function findFunction(
  name: string,
  functionsDir: string,
  supabaseDir: string,
  settings: Record<string, EdgeFunctionSettings>,
): Promise<FunctionFiles | undefined> {
  if (!FUNCTION_NAME.test(name)) return undefined;
  const own = settings[name];
  if (own?.enabled === false) return undefined;
  const dir = join(functionsDir, name);
  // The CLI reads entrypoint and import_map relative to the supabase folder.
  const fromSupabase = (path: string) => (isAbsolute(path) ? path : resolve(supabaseDir, path));
  const entrypoint = own?.entrypoint
    ? fromSupabase(own.entrypoint)
    : await firstExisting(
        ['index.ts', 'index.js', 'index.mjs', 'index.tsx'].map((f) => join(dir, f)),
      );
  if (!entrypoint || !(await exists(entrypoint))) return undefined;
  return {
    name,
    dir,
    entrypoint,
    configPath: await firstExisting([join(dir, 'deno.json'), join(dir, 'deno.jsonc')]),
    importMapPath: own?.import_map ? fromSupabase(own.import_map) : undefined,
    verifyJwt: own?.verify_jwt ?? true,
  };
}

/**
 * The secrets of `<functions dir>/.env`, as `supabase functions serve` reads them: names starting
 * with `SUPABASE_` are reserved and skipped (the CLI skips them with a warning too).
 */
export async function readSecrets(functionsDir: string, warn: (text: string) => void) {
  let text: string;
  try {
    text = await readFile(join(functionsDir, '.env'), 'utf8');
  } catch {
    return {};
  }
  const secrets: Record<string, string> = {};
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (name.startsWith('SUPABASE_')) warn(`${name} in functions/.env is reserved, skipped`);
    else if (value !== undefined) secrets[name] = value;
  }
  return secrets;
}
