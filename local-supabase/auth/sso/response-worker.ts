// The thread SAML responses are read on (response-reader.ts). Everything done with the XML an
// unauthenticated client posts happens here, never on the event loop: xmldom and node-saml take time
// that grows faster than the document on some shapes (a 64 KB body of nested namespace declarations
// took 15 s to parse), so the main thread only waits for a message. The thread runs at a lower
// priority, and the reader ends it if one document takes too long.
import { parentPort } from 'node:worker_threads';
import { DOMParser } from '@xmldom/xmldom';
import { lowerOwnPriority } from '../thread-priority.ts';
import type { IdpMetadata } from './idp-metadata.ts';
import { createServiceProvider, serviceProviderUrls } from './service-provider.ts';

const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';
/** Go's base64.StdEncoding, which skips line breaks (some IdPs wrap the field at 76 characters). */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export type ResponseRequest =
  | { id: number; op: 'issuer'; samlResponse: string }
  | {
      id: number;
      op: 'validate';
      samlResponse: string;
      apiUrl: string;
      idp: IdpMetadata;
      nameIdFormat: string | null;
      requestIds: string[];
    };

/** What the ACS needs from a response whose signature, audience, window and recipient were checked. */
export interface ValidAssertion {
  /** The assertion's ID, recorded as used. */
  id: string;
  /** The latest NotOnOrAfter the assertion names (Conditions and SubjectConfirmationData), in ms. */
  notOnOrAfter: number;
  nameID: string;
  nameIDFormat: string;
  attributes: Record<string, unknown>;
}

export type ResponseReply =
  | { id: number; issuer: string }
  | { id: number; assertion: ValidAssertion }
  | { id: number; refused: string };

class Refused extends Error {}

/** The Issuer of an unsolicited response, read as GoTrue's xml.Unmarshal into saml.Response reads it. */
function peekIssuer(samlResponse: string): string {
  const compact = samlResponse.replace(/[\r\n]/g, '');
  if (!BASE64.test(compact)) throw new Refused('SAMLResponse is not a valid Base64 string');
  const xml = Buffer.from(compact, 'base64').toString('utf8');
  const problems: unknown[] = [];
  const document = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (message: unknown) => problems.push(message),
      fatalError: (message: unknown) => problems.push(message),
    },
  }).parseFromString(xml, 'application/xml');
  // Typed as always present, but an empty or broken document has none.
  const root = document.documentElement as Element | null;
  if (
    problems.length > 0 ||
    !root ||
    root.localName !== 'Response' ||
    root.namespaceURI !== PROTOCOL
  ) {
    throw new Refused('SAMLResponse is not a valid XML SAML assertion');
  }
  const issuer = Array.from(root.childNodes).find(
    (node): node is Element =>
      node.nodeType === node.ELEMENT_NODE &&
      (node as Element).localName === 'Issuer' &&
      (node as Element).namespaceURI === ASSERTION,
  );
  return issuer?.textContent.trim() ?? '';
}

interface AssertionNode {
  $?: { ID?: string };
  Subject?: {
    SubjectConfirmation?: { SubjectConfirmationData?: { $?: Record<string, string> }[] }[];
  }[];
  Conditions?: { $?: { NotOnOrAfter?: string } }[];
}

/** node-saml's checks, then those it leaves to its caller: the recipient, an ID and an end. */
async function validate(request: Extract<ResponseRequest, { op: 'validate' }>) {
  const serviceProvider = createServiceProvider(request);
  let profile;
  try {
    ({ profile } = await serviceProvider.validatePostResponseAsync({
      SAMLResponse: request.samlResponse,
    }));
  } catch (error) {
    throw new Refused(error instanceof Error ? error.message : String(error));
  }
  if (!profile) throw new Refused('the response carries no assertion');
  const assertion = (profile.getAssertion?.() as { Assertion?: AssertionNode } | undefined)
    ?.Assertion;
  const id = assertion?.$?.ID ?? '';
  if (!id) throw new Refused('the assertion has no ID');
  const confirmations = (assertion?.Subject?.[0]?.SubjectConfirmation ?? []).flatMap(
    (confirmation) => confirmation.SubjectConfirmationData ?? [],
  );
  const { acsUrl } = serviceProviderUrls(request.apiUrl);
  const recipients = confirmations.map((data) => data.$?.['Recipient']).filter(Boolean);
  if (recipients.length === 0 || recipients.some((recipient) => recipient !== acsUrl)) {
    throw new Refused(`the assertion's Recipient is not ${acsUrl}`);
  }
  // Its ID is kept as used until it can no longer be accepted: an assertion that names no end of
  // its validity could be posted again whenever the record goes, so it is refused.
  const ends = [
    assertion?.Conditions?.[0]?.$?.NotOnOrAfter,
    ...confirmations.map((data) => data.$?.['NotOnOrAfter']),
  ]
    .filter((value): value is string => typeof value === 'string')
    .map((value) => Date.parse(value));
  if (ends.length === 0 || ends.some((end) => Number.isNaN(end))) {
    throw new Refused('the assertion names no NotOnOrAfter to keep its ID until');
  }
  return {
    id,
    notOnOrAfter: Math.max(...ends),
    nameID: profile.nameID,
    nameIDFormat: profile.nameIDFormat,
    attributes: (profile['attributes'] ?? {}) as Record<string, unknown>,
  };
}

async function answer(request: ResponseRequest): Promise<ResponseReply> {
  try {
    if (request.op === 'issuer')
      return { id: request.id, issuer: peekIssuer(request.samlResponse) };
    return { id: request.id, assertion: await validate(request) };
  } catch (error) {
    if (error instanceof Refused) return { id: request.id, refused: error.message };
    // A library failing on a hostile document (a stack overflow on deep nesting) is a refusal too.
    return { id: request.id, refused: error instanceof Error ? error.message : String(error) };
  }
}

lowerOwnPriority();
parentPort?.on('message', (request: ResponseRequest) => {
  void answer(request).then((reply) => parentPort?.postMessage(reply));
});
parentPort?.postMessage('ready');
