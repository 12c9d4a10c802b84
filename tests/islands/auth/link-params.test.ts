// What the e-mail link page reads from its address, and where it may send the person next.
import { describe, expect, it } from 'vitest';
import { readLinkRequest, safeNext } from '../../../src/islands/auth/link-params';

const page = 'https://site.example/de/auth/confirm/';

describe('readLinkRequest', () => {
  it('reads a link from our e-mails: token hash and type, each type with its own words', () => {
    expect(readLinkRequest(new URL(`${page}?token_hash=abc&type=recovery`))).toEqual({
      kind: 'token',
      tokenHash: 'abc',
      type: 'recovery',
      link: 'recovery',
    });
    expect(readLinkRequest(new URL(`${page}?token_hash=abc&type=signup`))).toMatchObject({
      link: 'email',
    });
    expect(readLinkRequest(new URL(`${page}?token_hash=abc&type=email_change`))).toMatchObject({
      link: 'emailChange',
    });
  });

  it('reads a PKCE code from outside sign-in', () => {
    expect(readLinkRequest(new URL(`${page}?code=xyz&next=/de/`))).toEqual({
      kind: 'code',
      code: 'xyz',
    });
  });

  it('turns GoTrue’s error redirect into a message key by its code, in the query or the fragment', () => {
    const fragment = new URL(
      `${page}#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid`,
    );
    expect(readLinkRequest(fragment)).toEqual({
      kind: 'error',
      error: 'errors.otpExpired',
      link: 'email',
      way: 'resend',
    });
    expect(
      readLinkRequest(new URL(`${page}?error_code=flow_state_not_found&type=recovery`)),
    ).toEqual({ kind: 'error', error: 'errors.linkOtherBrowser', link: 'recovery', way: 'resend' });
    // A failure with no code of its own: the service (or GoTrue) failed.
    expect(readLinkRequest(new URL(`${page}?error=server_error`))).toMatchObject({
      error: 'errors.providerFailed',
    });
  });

  it('turns a refused single sign-on into its message by code, offering to sign in again', () => {
    const refused = (code: string) =>
      readLinkRequest(
        new URL(`${page}?error=invalid_request&error_code=${code}&error_description=Not+shown`),
      );
    // Every code GoTrue's SAML ACS sends back (local-supabase/auth/sso/acs.ts).
    const expected = {
      validation_failed: 'errors.signInRefused',
      saml_relay_state_not_found: 'errors.signInStale',
      saml_relay_state_expired: 'errors.signInStale',
      flow_state_already_used: 'errors.signInStale',
      flow_state_not_found: 'errors.linkOtherBrowser',
      sso_provider_not_found: 'errors.ssoUnavailable',
      sso_provider_disabled: 'errors.ssoUnavailable',
      saml_idp_not_found: 'errors.ssoUnavailable',
      saml_assertion_no_email: 'errors.ssoMissingDetails',
      saml_assertion_no_user_id: 'errors.ssoMissingDetails',
      user_banned: 'errors.userBanned',
      signup_disabled: 'errors.signupDisabled',
      a_code_added_later: 'errors.generic',
    };
    for (const [code, key] of Object.entries(expected)) {
      expect(refused(code), code).toEqual({
        kind: 'error',
        error: key,
        link: 'email',
        way: 'signIn',
      });
    }
  });

  it('names the errors of an outside sign-in or linking by code', () => {
    const cases: [string, string][] = [
      [
        '?error=access_denied&error_description=End-User+aborted+interaction',
        'errors.providerCancelled',
      ],
      ['?error=invalid_request&error_code=bad_oauth_state', 'errors.providerState'],
      ['?error=server_error&error_code=identity_already_exists', 'errors.identityAlreadyLinked'],
      ['?error=access_denied&error_code=signup_disabled', 'errors.signupDisabled'],
      [
        '?error=access_denied&error_code=provider_email_needs_verification',
        'errors.providerEmailUnverified',
      ],
    ];
    for (const [query, key] of cases) {
      expect(readLinkRequest(new URL(`${page}${query}`))).toMatchObject({
        kind: 'error',
        error: key,
        way: 'signIn',
      });
    }
  });

  it('treats an address without a usable link as no link', () => {
    expect(readLinkRequest(new URL(page))).toEqual({ kind: 'none' });
    expect(readLinkRequest(new URL(`${page}?token_hash=abc&type=sms`))).toEqual({ kind: 'none' });
  });
});

describe('safeNext', () => {
  const origin = 'https://site.example';

  it('keeps a path on this site, with its query and fragment', () => {
    expect(safeNext('/de/account/?tab=a#x', origin, '/de/')).toBe('/de/account/?tab=a#x');
  });

  it('never leads to another site', () => {
    for (const next of ['//evil.example/', '/\\evil.example/', 'https://evil.example/', 'de/x']) {
      expect(safeNext(next, origin, '/de/')).toBe('/de/');
    }
    expect(safeNext(null, origin, '/de/')).toBe('/de/');
  });
});
