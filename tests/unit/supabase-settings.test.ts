import { describe, expect, it } from 'vitest';
import { storageKeyFor } from '../../src/islands/shared/settings';
import { connectSources, resolveSupabaseSettings } from '../../src/lib/supabase-settings';

describe('Supabase settings at build time', () => {
  it('use a hosted project when PUBLIC_SUPABASE_URL is set', async () => {
    const settings = await resolveSupabaseSettings({
      PUBLIC_SUPABASE_URL: 'https://abc.supabase.co/',
      PUBLIC_SUPABASE_ANON_KEY: 'anon',
    });
    expect(settings).toEqual({ url: 'https://abc.supabase.co', anonKey: 'anon' });
  });

  it('refuse a hosted URL without its key', async () => {
    await expect(
      resolveSupabaseSettings({ PUBLIC_SUPABASE_URL: 'https://abc.supabase.co' }),
    ).rejects.toThrow(/PUBLIC_SUPABASE_ANON_KEY/);
  });

  it('default to the local backend on its configured port', async () => {
    const settings = await resolveSupabaseSettings({ SUPABASE_LOCAL_PORT: '55421' });
    expect(settings.url).toBe('http://127.0.0.1:55421');
    expect(settings.anonKey).toMatch(/^eyJ/);
  });

  it('allow the project origin over HTTP(S) and WebSocket, nothing else', () => {
    expect(connectSources('https://abc.supabase.co')).toEqual([
      'https://abc.supabase.co',
      'wss://abc.supabase.co',
    ]);
    expect(connectSources('http://127.0.0.1:55421')).toEqual([
      'http://127.0.0.1:55421',
      'ws://127.0.0.1:55421',
    ]);
  });

  it('find the session where supabase-js stores it', () => {
    expect(storageKeyFor('https://abc.supabase.co')).toBe('sb-abc-auth-token');
    expect(storageKeyFor('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
  });
});
