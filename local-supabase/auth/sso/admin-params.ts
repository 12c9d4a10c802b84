// The body of POST and PUT /admin/sso/providers, checked as GoTrue checks it
// (internal/api/ssoadmin.go CreateSSOProviderParams.validate and metadata).
import { badRequest } from '../errors.ts';
import { objectField, stringField, type Body } from '../body.ts';
import { parseIdpMetadata, type IdpMetadata } from './idp-metadata.ts';
import type { AttributeMapping } from './providers.ts';

const NAME_ID_FORMATS = [
  'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'urn:oasis:names:tc:SAML:2.0:nameid-format:transient',
  'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
];

export interface ProviderParams {
  metadataUrl: string;
  metadataXml: string;
  /** Null when the body names no domains (an update then keeps them). */
  domains: string[] | null;
  attributeMapping: AttributeMapping;
  nameIdFormat: string;
}

export function readProviderParams(body: Body, forUpdate: boolean): ProviderParams {
  const type = stringField(body, 'type') ?? '';
  const metadataUrl = stringField(body, 'metadata_url') ?? '';
  const metadataXml = stringField(body, 'metadata_xml') ?? '';
  const nameIdFormat = stringField(body, 'name_id_format') ?? '';
  if (!forUpdate && type !== 'saml') {
    throw badRequest('validation_failed', "Only 'saml' supported for SSO provider type");
  }
  if (metadataUrl && metadataXml) {
    throw badRequest(
      'validation_failed',
      'Only one of metadata_xml or metadata_url needs to be set',
    );
  }
  if (!forUpdate && !metadataUrl && !metadataXml) {
    throw badRequest('validation_failed', 'Either metadata_xml or metadata_url must be set');
  }
  if (metadataUrl) {
    let url: URL;
    try {
      url = new URL(metadataUrl);
    } catch {
      throw badRequest('validation_failed', 'metadata_url is not a valid URL');
    }
    if (url.protocol !== 'https:') {
      throw badRequest('validation_failed', 'metadata_url is not a HTTPS URL');
    }
  }
  if (nameIdFormat && !NAME_ID_FORMATS.includes(nameIdFormat)) {
    throw badRequest(
      'validation_failed',
      `name_id_format must be unspecified or one of ${NAME_ID_FORMATS.join(', ')}`,
    );
  }
  const rawDomains = body['domains'];
  if (rawDomains !== undefined && rawDomains !== null && !isStringList(rawDomains)) {
    throw badRequest('bad_json', 'Could not parse request body as JSON: domains must be strings');
  }
  return {
    metadataUrl,
    metadataXml,
    domains: isStringList(rawDomains) ? rawDomains.map((d) => d.trim().toLowerCase()) : null,
    attributeMapping: objectField(body, 'attribute_mapping') ?? {},
    nameIdFormat,
  };
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

/** The metadata the params give: the XML, or what the URL answers (GoTrue fetchSAMLMetadata). */
export async function loadMetadata(
  params: Pick<ProviderParams, 'metadataUrl' | 'metadataXml'>,
): Promise<{ xml: string; metadata: IdpMetadata }> {
  let xml = params.metadataXml;
  if (!xml && params.metadataUrl) {
    const response = await fetch(params.metadataUrl, {
      headers: { accept: 'application/xml;charset=UTF-8', 'accept-charset': 'UTF-8' },
    });
    if (response.status !== 200) {
      throw badRequest(
        'saml_metadata_fetch_failed',
        `HTTP ${response.status} error fetching SAML Metadata from URL '${params.metadataUrl}'`,
      );
    }
    xml = await response.text();
  }
  return { xml, metadata: parseIdpMetadata(xml) };
}
