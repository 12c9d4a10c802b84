// The SAML service provider as GoTrue configures it (internal/api/saml.go): its entity ID is the
// metadata URL, assertions come back to the ACS URL, AuthnRequests are signed (RSA-SHA256) and sent
// with the HTTP-Redirect binding, and every assertion must be signed by a certificate from the
// identity provider's metadata. @node-saml/node-saml does the XML signatures and the checks.
import {
  generateServiceProviderMetadata,
  SAML,
  ValidateInResponseTo,
  type CacheProvider,
  type SamlConfig,
} from '@node-saml/node-saml';
import type { IdpMetadata } from './idp-metadata.ts';
import { serviceProviderKeys } from './keys.ts';

export const PERSISTENT_NAME_ID = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';

/** Assertions whose clocks differ from ours by up to this much are accepted (GoTrue: crewjam's 3 min). */
export const CLOCK_SKEW_MS = 3 * 60 * 1000;

export interface ServiceProviderUrls {
  entityId: string;
  acsUrl: string;
}

export function serviceProviderUrls(apiUrl: string): ServiceProviderUrls {
  return {
    entityId: `${apiUrl}/auth/v1/sso/saml/metadata`,
    acsUrl: `${apiUrl}/auth/v1/sso/saml/acs`,
  };
}

/** A cache that knows only the one request the relay state names (or none, for IdP-initiated). */
function requestCache(requestIds: string[]): CacheProvider {
  return {
    saveAsync: (_key, value) => Promise.resolve({ value, createdAt: Date.now() }),
    getAsync: (key) => Promise.resolve(requestIds.includes(key) ? new Date().toISOString() : null),
    removeAsync: (key) => Promise.resolve(key),
  };
}

interface ProviderOptions {
  apiUrl: string;
  idp: IdpMetadata;
  nameIdFormat: string | null;
  /** The AuthnRequest IDs this response may answer; empty for an IdP-initiated response. */
  requestIds?: string[];
  /** The ID of the AuthnRequest to make. */
  requestId?: string;
}

export function createServiceProvider(options: ProviderOptions): SAML {
  const { entityId, acsUrl } = serviceProviderUrls(options.apiUrl);
  const keys = serviceProviderKeys();
  const requestIds = options.requestIds ?? [];
  const config: SamlConfig = {
    issuer: entityId,
    audience: entityId,
    callbackUrl: acsUrl,
    entryPoint: options.idp.ssoUrl,
    idpIssuer: options.idp.entityId,
    idpCert: options.idp.signingCertificates,
    privateKey: keys.privateKey,
    publicCert: keys.certificate,
    signatureAlgorithm: 'sha256',
    identifierFormat: options.nameIdFormat ?? PERSISTENT_NAME_ID,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    disableRequestedAuthnContext: true,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    // An SP-initiated response must answer the request its relay state names; an unsolicited one
    // has no InResponseTo and is held to its validity window and the used-assertion list instead.
    validateInResponseTo:
      requestIds.length > 0 ? ValidateInResponseTo.always : ValidateInResponseTo.never,
    cacheProvider: requestCache(requestIds),
    generateUniqueId: () => options.requestId ?? `_${crypto.randomUUID()}`,
  };
  return new SAML(config);
}

/** The service provider's metadata (GET /sso/saml/metadata). */
export function serviceProviderMetadata(apiUrl: string): string {
  const { entityId, acsUrl } = serviceProviderUrls(apiUrl);
  const keys = serviceProviderKeys();
  return generateServiceProviderMetadata({
    issuer: entityId,
    callbackUrl: acsUrl,
    identifierFormat: PERSISTENT_NAME_ID,
    wantAssertionsSigned: true,
    privateKey: keys.privateKey,
    publicCerts: keys.certificate,
  });
}
