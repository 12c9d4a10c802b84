// The template every backend test copies: bootstrap + supabase/migrations + seed.sql, built once and
// cached under .supabase-local/templates/<hash of the inputs> (rebuilt when any input changes).
import { join } from 'node:path';
import { ensureTemplate } from '../../../local-supabase/db/template.ts';
import { projectRoot } from '../../../local-supabase/paths.ts';

export const supabaseDir = join(projectRoot, 'supabase');

let template: Promise<string> | undefined;

/** The template data directory for the current migrations and seed (built on first use). */
export function getTemplateDir(): Promise<string> {
  template ??= ensureTemplate({
    migrationsDir: join(supabaseDir, 'migrations'),
    seedPaths: [join(supabaseDir, 'seed.sql')],
    supabaseDir,
    cacheDir: join(projectRoot, '.supabase-local', 'templates'),
  });
  return template;
}
