// TOTP as GoTrue makes it (pquerna/otp): a 20-byte base32 secret, SHA-1, 6 digits, 30 s, one step of
// clock skew either way; the enrolment QR code as an SVG document (auth-js makes it a data URL).
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export interface TotpKey {
  secret: string;
  uri: string;
  qrCode: string;
}

function totpFor(secret: string, issuer = '', account = ''): TOTP {
  return new TOTP({
    issuer,
    label: account,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

export async function generateTotpKey(issuer: string, account: string): Promise<TotpKey> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, issuer, account).toString();
  const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H' });
  return { secret, uri, qrCode };
}

const PERIOD_MS = 30_000;

/**
 * The 30-second step `code` belongs to when it is the current code or the one just before or after
 * (GoTrue's skew of 1), else null. The step tells a second use of the same code (auth.mfa_totp_used_steps).
 */
export function totpCodeStep(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / PERIOD_MS) + delta;
}
