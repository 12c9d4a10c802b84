// The one place that turns an error from Supabase into the UI string key a person sees. Keys come
// from codes (GoTrue's `error.code`, SQLSTATEs, our database functions' keys in `error.message`,
// storage's HTTP status), never from English text. Unknown codes get the generic message.
import type { UiKey } from '../../i18n/ui-keys';

export type ErrorKey = Extract<UiKey, `errors.${string}`>;

/**
 * GoTrue's single sign-on codes (internal/api/samlacs.go, sso.go). Failures at the SAML ACS reach
 * the reader through a redirect with `error_code` (link-params.ts); the dialog meets the others.
 */
const ssoCodes: Record<string, ErrorKey> = {
  saml_relay_state_not_found: 'errors.signInStale',
  saml_relay_state_expired: 'errors.signInStale',
  flow_state_already_used: 'errors.signInStale',
  sso_provider_not_found: 'errors.ssoUnavailable',
  sso_provider_disabled: 'errors.ssoUnavailable',
  // `[auth.saml]` off on the project: /sso answers 404 with this code.
  saml_provider_disabled: 'errors.ssoUnavailable',
  saml_idp_not_found: 'errors.ssoUnavailable',
  saml_assertion_no_email: 'errors.ssoMissingDetails',
  saml_assertion_no_user_id: 'errors.ssoMissingDetails',
};

/**
 * Codes whose meaning differs when they come back in a redirect after an outside sign-in: there
 * `validation_failed` means the answer the identity provider sent was refused (GoTrue's ACS gives
 * every failed assertion check this code), not that the reader typed something wrong.
 */
const redirectCodes: Record<string, ErrorKey> = {
  validation_failed: 'errors.signInRefused',
};

/** GoTrue error codes (auth-js `lib/error-codes.ts`) → message keys. */
const authCodes: Record<string, ErrorKey> = {
  invalid_credentials: 'errors.invalidCredentials',
  email_not_confirmed: 'errors.emailNotConfirmed',
  user_already_exists: 'errors.userAlreadyExists',
  email_exists: 'errors.userAlreadyExists',
  weak_password: 'errors.weakPassword',
  same_password: 'errors.samePassword',
  over_email_send_rate_limit: 'errors.tooManyRequests',
  over_request_rate_limit: 'errors.tooManyRequests',
  over_sms_send_rate_limit: 'errors.tooManyRequests',
  request_timeout: 'errors.busy',
  otp_expired: 'errors.otpExpired',
  email_address_invalid: 'errors.invalidEmail',
  validation_failed: 'errors.invalidInput',
  signup_disabled: 'errors.signupDisabled',
  // Only for `create_user: false`, which the dialog never sends (it would tell who has an account).
  otp_disabled: 'errors.signupDisabled',
  email_provider_disabled: 'errors.signupDisabled',
  user_banned: 'errors.userBanned',
  flow_state_not_found: 'errors.linkOtherBrowser',
  flow_state_expired: 'errors.otpExpired',
  bad_code_verifier: 'errors.linkOtherBrowser',
  session_not_found: 'errors.sessionExpired',
  session_expired: 'errors.sessionExpired',
  refresh_token_not_found: 'errors.sessionExpired',
  refresh_token_already_used: 'errors.sessionExpired',
  bad_jwt: 'errors.sessionExpired',
  no_authorization: 'errors.sessionExpired',
  user_not_found: 'errors.sessionExpired',
  reauthentication_needed: 'errors.sessionExpired',
  provider_disabled: 'errors.providerDisabled',
  // Outside sign-in and linking (the callback's `error_code`, or only `error` from the service).
  access_denied: 'errors.providerCancelled',
  bad_oauth_state: 'errors.providerState',
  bad_oauth_callback: 'errors.providerState',
  oauth_provider_not_supported: 'errors.providerDisabled',
  manual_linking_disabled: 'errors.providerDisabled',
  identity_already_exists: 'errors.identityAlreadyLinked',
  provider_email_needs_verification: 'errors.providerEmailUnverified',
  server_error: 'errors.providerFailed',
  unexpected_failure: 'errors.providerFailed',
  temporarily_unavailable: 'errors.providerFailed',
  single_identity_not_deletable: 'errors.lastIdentity',
  identity_not_found: 'errors.alreadyDone',
  // Second factors and passkeys.
  insufficient_aal: 'errors.secondFactorRequired',
  mfa_verification_failed: 'errors.mfaCode',
  mfa_challenge_expired: 'errors.mfaCode',
  mfa_ip_address_mismatch: 'errors.mfaCode',
  mfa_factor_not_found: 'errors.mfaCode',
  mfa_factor_name_conflict: 'errors.factorNameTaken',
  too_many_enrolled_mfa_factors: 'errors.tooManyFactors',
  too_many_passkeys: 'errors.tooManyFactors',
  webauthn_verification_failed: 'errors.passkeyFailed',
  webauthn_challenge_not_found: 'errors.passkeyCancelled',
  webauthn_challenge_expired: 'errors.passkeyCancelled',
  webauthn_credential_exists: 'errors.passkeyExists',
  passkey_disabled: 'errors.passkeyUnsupported',
  mfa_webauthn_enroll_not_enabled: 'errors.passkeyUnsupported',
  mfa_webauthn_verify_not_enabled: 'errors.passkeyUnsupported',
  // auth-js's WebAuthnError codes (the browser's ceremony, lib/webauthn.errors.ts).
  ERROR_CEREMONY_ABORTED: 'errors.passkeyCancelled',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'errors.passkeyExists',
};

/** Keys our database functions and triggers raise in `error.message` (README, "Security model"). */
const databaseKeys: Record<string, ErrorKey> = {
  rate_limited: 'errors.rateLimited',
  suspended: 'errors.suspended',
  not_allowed: 'errors.notAllowed',
  not_authenticated: 'errors.sessionExpired',
  last_admin: 'errors.lastAdmin',
  parent_not_found: 'errors.commentUnavailable',
  parent_unavailable: 'errors.commentUnavailable',
  comment_deleted: 'errors.commentUnavailable',
  comment_unavailable: 'errors.commentUnavailable',
  not_found: 'errors.commentUnavailable',
  reply_too_deep: 'errors.replyTooDeep',
  invalid_state: 'errors.commentUnavailable',
  report_closed: 'errors.reportClosed',
  invalid_until: 'errors.invalidUntil',
  invalid_role: 'errors.notAllowed',
  second_factor_required: 'errors.secondFactorRequired',
};

/** Check constraints (SQLSTATE 23514, named in the message) → the rule the person broke. */
const checkConstraints: Record<string, ErrorKey> = {
  comments_body_length: 'errors.tooLong',
  comment_reports_note_length: 'errors.tooLong',
  profiles_display_name_length: 'errors.displayNameLength',
  profiles_display_name_printable: 'errors.displayNameLength',
};

/** PostgREST's own codes: an expired or invalid JWT. */
const postgrestCodes: Record<string, ErrorKey> = {
  PGRST301: 'errors.sessionExpired',
  PGRST303: 'errors.sessionExpired',
};

function field(error: object, name: string): unknown {
  return (error as Record<string, unknown>)[name];
}

function isOffline(): boolean {
  // Node 21+ has a `navigator` without `onLine`: only a browser that says so is offline.
  return typeof navigator !== 'undefined' && 'onLine' in navigator && !navigator.onLine;
}

/**
 * The UI string key for an error from auth, PostgREST or storage, or a thrown network failure.
 *
 * @example errorKey(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))
 * // 'errors.invalidCredentials'
 * @example errorKey({ code: 'P0001', message: 'rate_limited' }) // 'errors.rateLimited'
 * @example errorKey(new TypeError('Failed to fetch')) // 'errors.offline'
 */
export function errorKey(error: unknown): ErrorKey {
  if (isOffline() || error instanceof TypeError) return 'errors.offline';
  if (typeof error !== 'object' || error === null) return 'errors.generic';
  const name = field(error, 'name');
  const code = field(error, 'code');
  const message = field(error, 'message');
  // storage-js keeps the HTTP status of its JSON error in `statusCode` (a string), auth-js in `status`.
  const status = field(error, 'statusCode') ?? field(error, 'status');

  // auth-js: a fetch that never got an answer is AuthRetryableFetchError with status 0; GoTrue's 504
  // request_timeout (a sign-in that waited past the server's bound) also arrives as one: auth-js
  // keeps only the message of a 5xx, not its code.
  if (name === 'AuthRetryableFetchError') {
    if (status === 0) return 'errors.offline';
    return status === 504 ? 'errors.busy' : 'errors.generic';
  }
  if (name === 'AuthSessionMissingError') return 'errors.sessionExpired';
  if (name === 'AuthWeakPasswordError') return 'errors.weakPassword';
  // The browser's passkey dialog: closed, timed out or refused (NotAllowedError), or no WebAuthn.
  if (field(error, '__isWebAuthnError') === true || name === 'NotAllowedError') {
    const known = typeof code === 'string' ? authCodes[code] : undefined;
    if (known) return known;
    return name === 'NotAllowedError' || name === 'AbortError'
      ? 'errors.passkeyCancelled'
      : 'errors.passkeyFailed';
  }
  if (name === 'AuthUnknownError' && message === 'Browser does not support WebAuthn') {
    return 'errors.passkeyUnsupported';
  }
  // storage-js: a rejected fetch is wrapped as StorageUnknownError with the TypeError inside.
  if (name === 'StorageUnknownError' && field(error, 'originalError') instanceof TypeError) {
    return 'errors.offline';
  }
  if (name === 'StorageApiError') {
    if (String(status) === '413') return 'errors.fileTooLarge';
    if (String(status) === '415') return 'errors.fileType';
  }
  if (typeof code === 'string') {
    const known = authCodes[code] ?? ssoCodes[code] ?? postgrestCodes[code];
    if (known) return known;
    // postgrest-js reports a fetch that failed as an error with an empty code.
    if (code === '' && name !== 'AuthApiError') return 'errors.offline';
    if ((code === 'P0001' || code === '42501') && typeof message === 'string') {
      return databaseKeys[message] ?? (code === '42501' ? 'errors.notAllowed' : 'errors.generic');
    }
    if (code === '23514' && typeof message === 'string') {
      const constraint = Object.keys(checkConstraints).find((c) => message.includes(`"${c}"`));
      return (
        (constraint === undefined ? undefined : checkConstraints[constraint]) ??
        'errors.invalidInput'
      );
    }
    if (code === '23505') return 'errors.alreadyDone';
  }
  return 'errors.generic';
}

/**
 * The UI string key for the `error_code` (or, without one, the `error`) GoTrue puts in the address
 * when it sends the browser back after an outside sign-in or an e-mail link failed. Never its
 * English `error_description`.
 *
 * @example redirectErrorKey('validation_failed') // 'errors.signInRefused'
 * @example redirectErrorKey('otp_expired') // 'errors.otpExpired'
 * @example redirectErrorKey('something_new') // 'errors.generic'
 */
export function redirectErrorKey(code: string): ErrorKey {
  return redirectCodes[code] ?? errorKey({ name: 'AuthApiError', code });
}
