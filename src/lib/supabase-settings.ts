// Which Supabase project the islands talk to, decided once at build time: PUBLIC_SUPABASE_URL and
// PUBLIC_SUPABASE_ANON_KEY when set (a hosted project), else the local backend as `npm start` runs
// it (supabase/config.toml's port, SUPABASE_LOCAL_* overrides, the CLI's public demo anon key).
import { loadConfig, readEnvOverrides } from '../../local-supabase/config/config.ts';

export interface SupabaseSettings {
  url: string;
  anonKey: string;
}

/** The project the build embeds in the islands; throws when a URL is set without its key. */
export async function resolveSupabaseSettings(
  env: NodeJS.ProcessEnv = process.env,
): Promise<SupabaseSettings> {
  const url = env['PUBLIC_SUPABASE_URL'];
  if (url) {
    const anonKey = env['PUBLIC_SUPABASE_ANON_KEY'];
    if (!anonKey) throw new Error('PUBLIC_SUPABASE_URL is set but PUBLIC_SUPABASE_ANON_KEY is not');
    return { url: url.replace(/\/+$/, ''), anonKey };
  }
  const config = await loadConfig(readEnvOverrides(env));
  return {
    url: `http://${config.local.host}:${config.api.port}`,
    anonKey: env['PUBLIC_SUPABASE_ANON_KEY'] || config.local.keys.anonKey,
  };
}

/**
 * The CSP sources the islands need for the project: its origin over HTTP(S) and, for realtime,
 * the same origin over WebSocket (`wss:` for `https:`, `ws:` for `http:`). Nothing else.
 *
 * @example connectSources('https://abc.supabase.co') // ['https://abc.supabase.co', 'wss://abc.supabase.co']
 */
export function connectSources(url: string): string[] {
  const { origin, protocol } = new URL(url);
  const socketProtocol = protocol === 'https:' ? 'wss:' : 'ws:';
  return [origin, origin.replace(protocol, socketProtocol)];
}
