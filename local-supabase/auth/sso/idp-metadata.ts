// Reads what the service provider needs from an identity provider's SAML metadata: its entity ID, where
// to send the AuthnRequest, and the certificates its signatures are checked with. GoTrue's checks and
// messages (internal/api/ssoadmin.go parseSAMLMetadata).
import { DOMParser } from '@xmldom/xmldom';
import { badRequest } from '../errors.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export interface IdpMetadata {
  entityId: string;
  /** The SingleSignOnService with the HTTP-Redirect binding (the one GoTrue sends requests to). */
  ssoUrl: string;
  /** Base64 DER certificates for signing (use="signing" or no use). */
  signingCertificates: string[];
}

function parseXml(xml: string): Element {
  const problems: string[] = [];
  const document = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (message: unknown) => problems.push(String(message)),
      fatalError: (message: unknown) => problems.push(String(message)),
    },
  }).parseFromString(xml, 'application/xml');
  // Typed as always present, but an empty or broken document has none.
  const root = document.documentElement as Element | null;
  if (problems.length > 0 || !root) {
    throw badRequest('validation_failed', 'SAML Metadata XML is not valid XML');
  }
  return root;
}

function children(parent: Element, namespace: string, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(namespace, name));
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  if (xml.includes('\ufffd')) {
    throw badRequest(
      'validation_failed',
      'SAML Metadata XML contains invalid UTF-8 characters, which are not supported at this time',
    );
  }
  const root = parseXml(xml);
  const descriptor =
    root.localName === 'EntityDescriptor' && root.namespaceURI === MD
      ? root
      : children(root, MD, 'EntityDescriptor')[0];
  const entityId = descriptor?.getAttribute('entityID') ?? '';
  if (!descriptor || entityId === '') {
    throw badRequest('validation_failed', 'SAML Metadata does not contain an EntityID');
  }
  const idps = children(descriptor, MD, 'IDPSSODescriptor');
  const idp = idps[0];
  if (!idp) {
    throw badRequest('validation_failed', 'SAML Metadata does not contain any IDPSSODescriptor');
  }
  if (idps.length > 1) {
    throw badRequest('validation_failed', 'SAML Metadata contains multiple IDPSSODescriptors');
  }
  const services = children(idp, MD, 'SingleSignOnService');
  const redirect = services.find((s) => s.getAttribute('Binding') === REDIRECT_BINDING);
  const signingCertificates = children(idp, MD, 'KeyDescriptor')
    .filter((key) => key.getAttribute('use') !== 'encryption')
    .flatMap((key) => children(key, DS, 'X509Certificate'))
    .map((cert) => cert.textContent.replace(/\s+/g, ''))
    .filter((cert) => cert !== '');
  return {
    entityId,
    ssoUrl: redirect?.getAttribute('Location') ?? '',
    signingCertificates,
  };
}
