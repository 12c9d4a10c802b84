// The admin API for SSO providers (GoTrue internal/api/ssoadmin.go): list, create, read, update and
// delete, behind the same service-role check as the rest of /admin (admin.ts).
import type { Hono } from 'hono';
import type { Tx } from '../../db/database.ts';
import type { AppEnv } from '../../http/service.ts';
import { readBody } from '../body.ts';
import type { AuthContext } from '../context.ts';
import { badRequest, notFound, unprocessable } from '../errors.ts';
import { loadMetadata, readProviderParams } from '../sso/admin-params.ts';
import { samlDisabled } from './sso.ts';
import {
  addDomains,
  deleteProvider,
  findProviderByDomain,
  findProviderByEntityId,
  findProviderById,
  insertProvider,
  listProviders,
  removeDomains,
  toProviderJson,
  updateProvider,
  type SsoProvider,
} from '../sso/providers.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function loadProvider(tx: Tx, id: string): Promise<SsoProvider> {
  const provider = UUID.test(id) ? await findProviderById(tx, id) : null;
  if (!provider) throw notFound('sso_provider_not_found', 'SSO Identity Provider not found');
  return provider;
}

async function checkDomainsFree(tx: Tx, domains: string[], ownId: string | null): Promise<void> {
  for (const domain of domains) {
    const owner = await findProviderByDomain(tx, domain);
    if (owner && owner.id !== ownId) {
      throw badRequest(
        'sso_domain_already_exists',
        ownId
          ? `SSO domain '${domain}' already assigned to another provider (${owner.id})`
          : `SSO Domain '${domain}' is already assigned to an SSO identity provider (${owner.id})`,
      );
    }
  }
}

export function addAdminSsoRoutes(app: Hono<AppEnv>, context: AuthContext): void {
  const { db } = context;
  if (!context.config.auth.saml.enabled) {
    // After the service-role check on /admin/* (admin.ts), as GoTrue orders them.
    app.all('/admin/sso/*', () => {
      throw samlDisabled();
    });
    return;
  }
  app.get('/admin/sso/providers', async (c) => {
    const providers = await listProviders(db);
    return c.json({ items: providers.map((provider) => toProviderJson(provider, false)) });
  });

  app.post('/admin/sso/providers', async (c) => {
    const params = readProviderParams(await readBody(c), false);
    const { xml, metadata } = await loadMetadata(params);
    const created = await db.transaction(async (tx) => {
      if (await findProviderByEntityId(tx, metadata.entityId)) {
        throw unprocessable(
          'saml_idp_already_exists',
          `SAML Identity Provider with this EntityID (${metadata.entityId}) already exists`,
        );
      }
      const domains = params.domains ?? [];
      await checkDomainsFree(tx, domains, null);
      const id = await insertProvider(
        tx,
        {
          entityId: metadata.entityId,
          metadataXml: xml,
          metadataUrl: params.metadataUrl || null,
          attributeMapping: params.attributeMapping,
          nameIdFormat: params.nameIdFormat || null,
        },
        domains,
      );
      return loadProvider(tx, id);
    });
    return c.json(toProviderJson(created), 201);
  });

  app.get('/admin/sso/providers/:id', async (c) => {
    return c.json(toProviderJson(await loadProvider(db, c.req.param('id'))));
  });

  app.put('/admin/sso/providers/:id', async (c) => {
    const current = await loadProvider(db, c.req.param('id'));
    const params = readProviderParams(await readBody(c), true);
    const loaded =
      params.metadataXml || params.metadataUrl ? await loadMetadata(params) : undefined;
    if (loaded && loaded.metadata.entityId !== current.entity_id) {
      throw badRequest(
        'saml_entity_id_mismatch',
        `SAML Metadata can be updated only if the EntityID matches for the provider; expected '${current.entity_id}' but got '${loaded.metadata.entityId}'`,
      );
    }
    const updated = await db.transaction(async (tx) => {
      if (params.domains !== null) {
        await checkDomainsFree(tx, params.domains, current.id);
        const wanted = params.domains;
        await removeDomains(
          tx,
          current.id,
          current.domains.filter((domain) => !wanted.includes(domain)),
        );
        await addDomains(
          tx,
          current.id,
          wanted.filter((domain) => !current.domains.includes(domain)),
        );
      }
      await updateProvider(tx, current.id, {
        entityId: current.entity_id,
        metadataXml: loaded?.xml ?? current.metadata_xml,
        metadataUrl: params.metadataUrl || current.metadata_url,
        // GoTrue replaces the mapping with the body's, an absent one included.
        attributeMapping: params.attributeMapping,
        nameIdFormat: params.nameIdFormat || null,
      });
      return loadProvider(tx, current.id);
    });
    return c.json(toProviderJson(updated));
  });

  app.delete('/admin/sso/providers/:id', async (c) => {
    const provider = await db.transaction(async (tx) => {
      const found = await loadProvider(tx, c.req.param('id'));
      await deleteProvider(tx, found.id);
      return found;
    });
    return c.json(toProviderJson(provider));
  });
}
