// The relying party passkeys and security keys are bound to: `[auth.webauthn]`, or the site's.
import { describe, expect, it } from 'vitest';
import type { LocalConfig } from '../../../local-supabase/config/config.ts';
import { relyingParty } from '../../../local-supabase/auth/webauthn/relying-party.ts';

function config(
  siteUrl: string,
  webauthn = { rp_display_name: '', rp_id: '', rp_origins: [] as string[] },
) {
  return { auth: { site_url: siteUrl, webauthn } } as unknown as LocalConfig;
}

describe('the WebAuthn relying party', () => {
  it('is the site by default: its host name and its origin', () => {
    expect(relyingParty(config('https://press.example.org'))).toEqual({
      id: 'press.example.org',
      name: 'press.example.org',
      origins: ['https://press.example.org'],
    });
  });

  it('is localhost for a site on a loopback address, which browsers refuse as relying party', () => {
    expect(relyingParty(config('http://127.0.0.1:4321'))).toEqual({
      id: 'localhost',
      name: '127.0.0.1:4321',
      origins: ['http://127.0.0.1:4321', 'http://localhost:4321'],
    });
  });

  it('takes [auth.webauthn] when it is set', () => {
    const rp = relyingParty(
      config('http://localhost:4321', {
        rp_display_name: 'Polyglot Press',
        rp_id: 'localhost',
        rp_origins: ['http://localhost:4321/'],
      }),
    );
    expect(rp).toEqual({
      id: 'localhost',
      name: 'Polyglot Press',
      origins: ['http://localhost:4321'],
    });
  });
});
