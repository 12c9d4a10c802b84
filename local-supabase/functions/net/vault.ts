// The Vault secrets database code uses to reach this backend's functions, as Supabase documents for
// webhooks and cron jobs (`project_url`, `service_role_key`): kept pointing at the running API, whose
// port may change from one start to the next. Hosted projects create them once (README).
import type { Database } from '../../db/database.ts';

export async function storeVaultSecrets(
  db: Database,
  apiUrl: string,
  serviceRoleKey: string,
): Promise<void> {
  await db.query(
    `insert into vault.secrets (name, secret, description)
     values ('project_url', $1, 'the local backend''s API (set at every start)'),
            ('service_role_key', $2, 'the local backend''s service_role key (set at every start)')
     on conflict (name) do update set secret = excluded.secret, updated_at = now()`,
    [apiUrl, serviceRoleKey],
  );
}
