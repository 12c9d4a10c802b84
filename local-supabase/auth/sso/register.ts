// Registers the providers of `supabase/sso/*.json` at start (see files.ts): a provider whose entity
// ID is already registered is brought up to date (metadata, domains, mapping), a new one is added.
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { LocalConfig } from '../../config/config.ts';
import type { Database } from '../../db/database.ts';
import type { RunningStandIn } from '../../stand-ins/stand-in.ts';
import { loadMetadata } from './admin-params.ts';
import { SsoFileError, readSsoFiles, type SsoFile } from './files.ts';
import {
  addDomains,
  findProviderByDomain,
  findProviderByEntityId,
  insertProvider,
  removeDomains,
  updateProvider,
} from './providers.ts';

async function metadataXmlFor(file: SsoFile, standIns: RunningStandIn[]): Promise<string> {
  if (file.stand_in) {
    const standIn = standIns.find((running) => running.saml);
    if (!standIn?.saml) throw new SsoFileError(file.file, 'the SAML stand-in is not running');
    return standIn.saml.metadataXml;
  }
  if (file.metadata_file) return readFile(resolve(file.file, '..', file.metadata_file), 'utf8');
  return (await loadMetadata({ metadataUrl: file.metadata_url ?? '', metadataXml: '' })).xml;
}

export async function registerSsoFiles(
  db: Database,
  config: LocalConfig,
  standIns: RunningStandIn[],
): Promise<number> {
  // With `[auth.saml]` off nothing is registered, and the stand-in does not run.
  if (!config.auth.saml.enabled) return 0;
  const files = readSsoFiles(config.local.ssoDir);
  for (const file of files) {
    const xml = await metadataXmlFor(file, standIns);
    const { metadata } = await loadMetadata({ metadataXml: xml, metadataUrl: '' }).catch(
      (error: unknown) => {
        throw new SsoFileError(file.file, (error as Error).message);
      },
    );
    const fields = {
      entityId: metadata.entityId,
      metadataXml: xml,
      metadataUrl: file.metadata_url ?? null,
      attributeMapping: file.attribute_mapping ?? {},
      nameIdFormat: file.name_id_format ?? null,
    };
    await db.transaction(async (tx) => {
      const existing = await findProviderByEntityId(tx, metadata.entityId);
      for (const domain of file.domains) {
        const owner = await findProviderByDomain(tx, domain);
        if (owner && owner.id !== existing?.id) {
          throw new SsoFileError(
            file.file,
            `domain ${domain} already belongs to provider ${owner.id}`,
          );
        }
      }
      if (!existing) {
        await insertProvider(tx, fields, file.domains);
        return;
      }
      await updateProvider(tx, existing.id, fields);
      await removeDomains(
        tx,
        existing.id,
        existing.domains.filter((d) => !file.domains.includes(d)),
      );
      await addDomains(
        tx,
        existing.id,
        file.domains.filter((d) => !existing.domains.includes(d)),
      );
    });
  }
  return files.length;
}
