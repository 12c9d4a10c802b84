// auth.sso_providers with their SAML connection and domains: reading, writing, and the JSON GoTrue
// answers for one (models.SSOProvider).
import type { Tx } from '../../db/database.ts';

export interface AttributeMapping {
  keys?: Record<string, { name?: string; names?: string[]; default?: unknown; array?: boolean }>;
}

export interface SsoProvider {
  id: string;
  resource_id: string | null;
  disabled: boolean | null;
  created_at: Date;
  updated_at: Date;
  entity_id: string;
  metadata_xml: string;
  metadata_url: string | null;
  attribute_mapping: AttributeMapping | null;
  name_id_format: string | null;
  domains: string[];
}

const SELECT_PROVIDER = `
  select p.id, p.resource_id, p.disabled, p.created_at, p.updated_at, s.entity_id, s.metadata_xml,
         s.metadata_url, s.attribute_mapping, s.name_id_format,
         coalesce((select array_agg(d.domain order by d.created_at, d.domain)
                   from auth.sso_domains d where d.sso_provider_id = p.id), '{}') as domains
  from auth.sso_providers p join auth.saml_providers s on s.sso_provider_id = p.id`;

export async function listProviders(tx: Tx): Promise<SsoProvider[]> {
  const { rows } = await tx.query<SsoProvider>(`${SELECT_PROVIDER} order by p.created_at, p.id`);
  return rows;
}

export async function findProviderById(tx: Tx, id: string): Promise<SsoProvider | null> {
  const { rows } = await tx.query<SsoProvider>(`${SELECT_PROVIDER} where p.id = $1`, [id]);
  return rows[0] ?? null;
}

export async function findProviderByDomain(tx: Tx, domain: string): Promise<SsoProvider | null> {
  const { rows } = await tx.query<SsoProvider>(
    `${SELECT_PROVIDER} where p.id = (select sso_provider_id from auth.sso_domains
                                      where lower(domain) = lower($1) limit 1)`,
    [domain],
  );
  return rows[0] ?? null;
}

export async function findProviderByEntityId(
  tx: Tx,
  entityId: string,
): Promise<SsoProvider | null> {
  const { rows } = await tx.query<SsoProvider>(`${SELECT_PROVIDER} where s.entity_id = $1`, [
    entityId,
  ]);
  return rows[0] ?? null;
}

export interface ProviderFields {
  entityId: string;
  metadataXml: string;
  metadataUrl: string | null;
  attributeMapping: AttributeMapping;
  nameIdFormat: string | null;
}

export async function insertProvider(
  tx: Tx,
  fields: ProviderFields,
  domains: string[],
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into auth.sso_providers (id, created_at, updated_at)
     values (gen_random_uuid(), now(), now()) returning id`,
  );
  const id = rows[0]?.id ?? '';
  await tx.query(
    `insert into auth.saml_providers (id, sso_provider_id, entity_id, metadata_xml, metadata_url,
        attribute_mapping, name_id_format, created_at, updated_at)
     values (gen_random_uuid(), $1, $2, $3, $4, $5, $6, now(), now())`,
    [
      id,
      fields.entityId,
      fields.metadataXml,
      fields.metadataUrl,
      fields.attributeMapping,
      fields.nameIdFormat,
    ],
  );
  await addDomains(tx, id, domains);
  return id;
}

export async function updateProvider(tx: Tx, id: string, fields: ProviderFields): Promise<void> {
  await tx.query('update auth.sso_providers set updated_at = now() where id = $1', [id]);
  await tx.query(
    `update auth.saml_providers set metadata_xml = $2, metadata_url = $3, attribute_mapping = $4,
        name_id_format = $5, updated_at = now()
     where sso_provider_id = $1`,
    [id, fields.metadataXml, fields.metadataUrl, fields.attributeMapping, fields.nameIdFormat],
  );
}

export async function addDomains(tx: Tx, id: string, domains: string[]): Promise<void> {
  for (const domain of domains) {
    await tx.query(
      `insert into auth.sso_domains (id, sso_provider_id, domain, created_at, updated_at)
       values (gen_random_uuid(), $1, $2, now(), now())`,
      [id, domain],
    );
  }
}

export async function removeDomains(tx: Tx, id: string, domains: string[]): Promise<void> {
  if (domains.length === 0) return;
  await tx.query('delete from auth.sso_domains where sso_provider_id = $1 and domain = any($2)', [
    id,
    domains,
  ]);
}

export async function deleteProvider(tx: Tx, id: string): Promise<void> {
  await tx.query('delete from auth.sso_providers where id = $1', [id]);
}

/** GoTrue's JSON for a provider; the list leaves out the metadata XML (`withXml` false). */
export function toProviderJson(provider: SsoProvider, withXml = true): Record<string, unknown> {
  const saml: Record<string, unknown> = { entity_id: provider.entity_id };
  if (withXml) saml['metadata_xml'] = provider.metadata_xml;
  if (provider.metadata_url) saml['metadata_url'] = provider.metadata_url;
  if (provider.attribute_mapping && Object.keys(provider.attribute_mapping).length > 0) {
    saml['attribute_mapping'] = provider.attribute_mapping;
  } else {
    saml['attribute_mapping'] = {};
  }
  if (provider.name_id_format) saml['name_id_format'] = provider.name_id_format;
  return {
    id: provider.id,
    ...(provider.resource_id ? { resource_id: provider.resource_id } : {}),
    disabled: provider.disabled,
    saml,
    domains: provider.domains.map((domain) => ({ domain })),
    created_at: provider.created_at.toISOString(),
    updated_at: provider.updated_at.toISOString(),
  };
}

export function isEnabled(provider: SsoProvider): boolean {
  return provider.disabled !== true;
}
