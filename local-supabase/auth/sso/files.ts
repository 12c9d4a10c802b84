// SSO providers described in the project's own files (`supabase/sso/*.json`), registered by the local
// backend at every start, as `supabase sso add` registers one on a hosted project:
//
//   { "domains": ["newsroom.example"],
//     "metadata_file": "newsroom-idp.xml",          (or "metadata_url": "https://…",
//                                                    or "stand_in": "saml" for the bundled one)
//     "attribute_mapping": { "keys": { "groups": { "name": "groups", "array": true } } },
//     "name_id_format": "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent" }
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AttributeMapping } from './providers.ts';

export interface SsoFile {
  /** The file's name, for messages. */
  file: string;
  domains: string[];
  metadata_file?: string;
  metadata_url?: string;
  stand_in?: 'saml';
  attribute_mapping?: AttributeMapping;
  name_id_format?: string;
}

export class SsoFileError extends Error {
  constructor(file: string, problem: string) {
    super(`${file}: ${problem}`);
    this.name = 'SsoFileError';
  }
}

function check(file: string, value: unknown): SsoFile {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new SsoFileError(file, 'must hold one JSON object');
  }
  const entry = value as Record<string, unknown>;
  const domains = entry['domains'];
  if (!Array.isArray(domains) || !domains.every((domain) => typeof domain === 'string')) {
    throw new SsoFileError(file, '"domains" must be a list of domains');
  }
  const sources = ['metadata_file', 'metadata_url', 'stand_in'].filter((key) => key in entry);
  if (sources.length !== 1) {
    throw new SsoFileError(
      file,
      'needs exactly one of "metadata_file", "metadata_url", "stand_in"',
    );
  }
  if ('stand_in' in entry && entry['stand_in'] !== 'saml') {
    throw new SsoFileError(file, '"stand_in" can only be "saml"');
  }
  return {
    ...(entry as Omit<SsoFile, 'file'>),
    file,
    domains: domains.map((d) => d.toLowerCase()),
  };
}

/** Every `*.json` in the folder, checked; none when the folder does not exist. */
export function readSsoFiles(dir: string): SsoFile[] {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const path = join(dir, name);
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(path, 'utf8'));
    } catch (error) {
      throw new SsoFileError(path, `is not valid JSON (${(error as Error).message})`);
    }
    return check(path, parsed);
  });
}
