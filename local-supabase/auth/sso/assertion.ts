// What GoTrue takes from a validated assertion (internal/api/samlassertion.go): the person's stable ID,
// their address, and the provider's attribute mapping applied to the attributes.
import type { AttributeMapping } from './providers.ts';

/** The parts of a checked assertion read here (response-worker.ts ValidAssertion). */
export interface Profile {
  nameID: string;
  nameIDFormat: string;
  attributes: Record<string, unknown>;
}

const SUBJECT_ID = 'urn:oasis:names:tc:SAML:attribute:subject-id';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';
const TRANSIENT_FORMAT = 'urn:oasis:names:tc:SAML:2.0:nameid-format:transient';
const EMAIL_ATTRIBUTES = [
  'urn:oid:0.9.2342.19200300.100.1.3',
  'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  'http://schemas.xmlsoap.org/claims/EmailAddress',
  'mail',
  'Mail',
  'email',
];

function attributeValues(profile: Profile, name: string): string[] {
  const value = profile.attributes[name];
  const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return values.filter((item): item is string => typeof item === 'string' && item !== '');
}

/** The subject-id attribute, else a NameID that is not transient (an address lowercased). */
export function assertionUserId(profile: Profile): string {
  const subjectId = attributeValues(profile, SUBJECT_ID)[0];
  if (subjectId) return subjectId;
  if (!profile.nameID) return '';
  if (profile.nameIDFormat === EMAIL_FORMAT) return profile.nameID.trim().toLowerCase();
  return profile.nameIDFormat === TRANSIENT_FORMAT ? '' : profile.nameID;
}

export function assertionEmail(profile: Profile): string {
  for (const name of EMAIL_ATTRIBUTES) {
    const value = attributeValues(profile, name)[0];
    if (value) return value;
  }
  return profile.nameIDFormat === EMAIL_FORMAT ? profile.nameID : '';
}

/**
 * The mapping applied: each key takes the first non-empty value of the first attribute named, or
 * every value when `array` is set, or its default.
 */
export function mapAttributes(
  profile: Profile,
  mapping: AttributeMapping | null,
): Record<string, unknown> {
  const claims: Record<string, unknown> = {};
  for (const [key, mapper] of Object.entries(mapping?.keys ?? {})) {
    const names = [mapper.name ?? '', ...(mapper.names ?? [])].filter((name) => name !== '');
    for (const name of names) {
      const values = attributeValues(profile, name);
      if (values.length > 0) {
        claims[key] = mapper.array ? values : values[0];
        break;
      }
    }
    if (!(key in claims) && mapper.default !== undefined) claims[key] = mapper.default;
  }
  return claims;
}

/** The claims GoTrue's provider.Claims keeps at the top level of identity_data (its JSON names). */
const STANDARD_CLAIMS = [
  'name',
  'family_name',
  'given_name',
  'middle_name',
  'nickname',
  'preferred_username',
  'profile',
  'picture',
  'website',
  'gender',
  'birthdate',
  'zoneinfo',
  'locale',
  'phone',
  'phone_verified',
  'full_name',
  'avatar_url',
  'slug',
  'provider_id',
  'user_name',
];

/** identity_data (and user_metadata) as GoTrue writes them for a SAML sign-in. */
export function identityData(
  entityId: string,
  userId: string,
  email: string,
  claims: Record<string, unknown>,
): Record<string, unknown> {
  const standard = Object.fromEntries(
    Object.entries(claims).filter(([key]) => STANDARD_CLAIMS.includes(key)),
  );
  return {
    ...standard,
    iss: entityId,
    sub: userId,
    email,
    email_verified: true,
    custom_claims: { ...claims, email },
  };
}
