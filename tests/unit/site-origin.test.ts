// The site's public origin that `npm start` and the build derive, and the one mismatch it can still
// name: a SITE_URL on this machine at another port than the one the site is served on.
import { describe, expect, it } from 'vitest';
import { siteOrigin } from '../../scripts/site-origin.ts';

describe('the site origin npm start passes on', () => {
  it('follows PORT on localhost when no SITE_URL is given', () => {
    expect(siteOrigin({})).toMatchObject({
      url: 'http://localhost:4321',
      listenHost: '127.0.0.1',
      probeUrl: 'http://127.0.0.1:4321/',
      mismatch: null,
    });
    expect(siteOrigin({ PORT: '4391' }).url).toBe('http://localhost:4391');
  });

  it('names a host given in HOST, and keeps localhost for loopback and every interface', () => {
    expect(siteOrigin({ PORT: '8080', HOST: 'press.lan' }).url).toBe('http://press.lan:8080');
    expect(siteOrigin({ PORT: '8080', HOST: '0.0.0.0' })).toMatchObject({
      url: 'http://localhost:8080',
      listenHost: '0.0.0.0',
      probeUrl: 'http://127.0.0.1:8080/',
    });
  });

  it('takes SITE_URL as given; a public name is not checked against PORT', () => {
    const origin = siteOrigin({ PORT: '4391', SITE_URL: 'https://press.example' });
    expect(origin).toMatchObject({ url: 'https://press.example', mismatch: null });
  });

  it('names a local SITE_URL on another port than the site is served on, in one line', () => {
    const { mismatch } = siteOrigin({ PORT: '4391', SITE_URL: 'http://localhost:4321' });
    expect(mismatch).toMatch(/^SITE_URL http:\/\/localhost:4321 is not where the site is served/);
    expect(mismatch).toContain('http://localhost:4391/');
    expect(mismatch).not.toContain('\n');
    expect(siteOrigin({ PORT: '80', SITE_URL: 'http://127.0.0.1/' }).mismatch).toBeNull();
  });

  it('refuses a PORT or SITE_URL that is not one', () => {
    expect(() => siteOrigin({ PORT: 'web' })).toThrow('PORT: "web" is not a port number');
    expect(() => siteOrigin({ SITE_URL: 'press.example' })).toThrow(
      'SITE_URL: "press.example" is not a URL',
    );
  });
});
