// The SAML Response the stand-in sends back: an assertion about one person, signed with the
// stand-in's key by xml-crypto (RSA-SHA256, exclusive canonicalization, enveloped), as an identity
// provider such as Okta or Entra ID signs it. Tests use it to make expired or altered assertions.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { SignedXml } from 'xml-crypto';

export const STAND_IN_ENTITY_ID = 'urn:polyglot-press:saml-stand-in';
const PERSISTENT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent';

export interface StandInKeys {
  privateKey: string;
  certificate: string;
}

let cached: StandInKeys | undefined;

/** The stand-in's development key pair (public, beside this file; never for a real provider). */
export function standInKeys(): StandInKeys {
  cached ??= {
    privateKey: readFileSync(new URL('development-idp.key', import.meta.url), 'utf8'),
    certificate: readFileSync(new URL('development-idp.crt', import.meta.url), 'utf8'),
  };
  return cached;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

export interface AssertionInput {
  /** The service provider's entity ID (the audience) and ACS URL (the recipient). */
  audience: string;
  recipient: string;
  inResponseTo?: string;
  nameId: string;
  /** Persistent unless a test says otherwise (a transient NameID identifies no one). */
  nameIdFormat?: string;
  attributes: Record<string, string[]>;
  issuer?: string;
  /** When it was issued; validity runs five minutes from here (tests pass a past time). */
  issuedAt?: Date;
  /** Leave out every NotOnOrAfter (an assertion without an end, which the ACS must refuse). */
  withoutEnd?: boolean;
  keys?: StandInKeys;
}

function attributeXml(name: string, values: string[]): string {
  const items = values
    .map((value) => `<saml:AttributeValue>${escapeXml(value)}</saml:AttributeValue>`)
    .join('');
  return `<saml:Attribute Name="${escapeXml(name)}">${items}</saml:Attribute>`;
}

/** A Response with one signed assertion, as XML text. */
export function signedResponse(input: AssertionInput): string {
  const issued = input.issuedAt ?? new Date();
  const notBefore = new Date(issued.getTime() - 60_000).toISOString();
  const end = new Date(issued.getTime() + 5 * 60_000).toISOString();
  const notOnOrAfter = input.withoutEnd ? '' : ` NotOnOrAfter="${end}"`;
  const instant = issued.toISOString();
  const issuer = escapeXml(input.issuer ?? STAND_IN_ENTITY_ID);
  const inResponseTo = input.inResponseTo ? ` InResponseTo="${escapeXml(input.inResponseTo)}"` : '';
  const attributes = Object.entries(input.attributes)
    .map(([name, values]) => attributeXml(name, values))
    .join('');
  const assertion =
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_${randomUUID()}" Version="2.0" IssueInstant="${instant}">` +
    `<saml:Issuer>${issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="${input.nameIdFormat ?? PERSISTENT}">${escapeXml(input.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer">` +
    `<saml:SubjectConfirmationData${notOnOrAfter} Recipient="${escapeXml(input.recipient)}"${inResponseTo}/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${notBefore}"${notOnOrAfter}>` +
    `<saml:AudienceRestriction><saml:Audience>${escapeXml(input.audience)}</saml:Audience></saml:AudienceRestriction>` +
    `</saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${instant}" SessionIndex="_${randomUUID()}">` +
    `<saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>` +
    `</saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    `</saml:Assertion>`;
  const response =
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" ID="_${randomUUID()}" Version="2.0" IssueInstant="${instant}" Destination="${escapeXml(input.recipient)}"${inResponseTo}>` +
    `<saml:Issuer xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion">${issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertion +
    `</samlp:Response>`;
  const keys = input.keys ?? standInKeys();
  const signature = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.certificate,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  signature.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
  });
  signature.computeSignature(response, {
    location: {
      reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']",
      action: 'after',
    },
  });
  return signature.getSignedXml();
}

/** The stand-in's IdP metadata: its entity ID, signing certificate and sign-in URL. */
export function standInMetadata(ssoUrl: string, keys: StandInKeys = standInKeys()): string {
  const certificate = keys.certificate
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${STAND_IN_ENTITY_ID}">` +
    `<md:IDPSSODescriptor WantAuthnRequestsSigned="true" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">` +
    `<md:KeyDescriptor use="signing"><ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certificate}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>` +
    `<md:NameIDFormat>${PERSISTENT}</md:NameIDFormat>` +
    `<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${escapeXml(ssoUrl)}"/>` +
    `</md:IDPSSODescriptor></md:EntityDescriptor>`
  );
}
