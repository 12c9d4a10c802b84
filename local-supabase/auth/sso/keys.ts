// The service provider's signing key and certificate. GoTrue reads them from GOTRUE_SAML_PRIVATE_KEY
// (and makes its certificate from the key); here a development pair ships beside this file, like the
// Supabase CLI's demo JWT keys: public, for local use only, never for a deployment.
import { readFileSync } from 'node:fs';

export interface ServiceProviderKeys {
  privateKey: string;
  certificate: string;
}

let cached: ServiceProviderKeys | undefined;

export function serviceProviderKeys(): ServiceProviderKeys {
  cached ??= {
    privateKey: readFileSync(new URL('development-sp.key', import.meta.url), 'utf8'),
    certificate: readFileSync(new URL('development-sp.crt', import.meta.url), 'utf8'),
  };
  return cached;
}

/** A PEM certificate's base64 body, as metadata and node-saml want it. */
export function certificateBody(pem: string): string {
  return pem.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
}
