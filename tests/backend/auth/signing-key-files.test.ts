// Key files as tools write them, and API keys signed with them. A `signing_keys.json` whose JWKs
// carry `key_ops: ["sign", "verify"]` (as auth-js's own fixtures and common tools write them) used
// to stop the start with an uncaught DOMException; a file mixing ES256 and RS256 keys is what the
// Supabase CLI accepts. API keys that are JWTs signed with those keys (as the CLI signs its keys
// when signing keys are configured) work through the unchanged supabase-js, with the token's role.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, REALTIME_SUBSCRIBE_STATES } from '@supabase/supabase-js';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

interface KeyPair {
  jwk: JWK;
  privateKey: CryptoKey;
}

async function keyPair(alg: 'ES256' | 'RS256', kid: string): Promise<KeyPair> {
  const { privateKey } = await generateKeyPair(alg, { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    kid,
    alg,
    key_ops: ['sign', 'verify'],
    ext: true,
  };
  return { jwk, privateKey };
}

async function keyFile(jwks: JWK[]): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'signing-key-files-')), 'signing_keys.json');
  await writeFile(path, JSON.stringify(jwks));
  return path;
}

/** An API key as the Supabase CLI signs it with a signing key: `{iss, role, exp}`, the kid. */
function apiKey(role: string, key: KeyPair): Promise<string> {
  return new SignJWT({ iss: 'supabase-demo', role })
    .setProtectedHeader({ alg: key.jwk.alg ?? '', kid: key.jwk.kid ?? '', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('10y')
    .sign(key.privateKey);
}

function client(url: string, key: string) {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

describe('signing key files with key_ops, and API keys signed with them', () => {
  let server: TestServer;
  let es256: KeyPair;
  let rs256: KeyPair;

  beforeAll(async () => {
    es256 = await keyPair('ES256', 'local-es');
    rs256 = await keyPair('RS256', 'local-rs');
    server = await startTestServer({
      settings: { auth: { signing_keys_path: await keyFile([es256.jwk, rs256.jwk]) } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('starts, and publishes both keys for verifying only', async () => {
    const response = await fetch(`${server.url}/auth/v1/.well-known/jwks.json`, {
      headers: { apikey: server.anonKey },
    });
    const { keys } = (await response.json()) as { keys: JWK[] };
    expect(keys.map((key) => [key.kid, key.alg, key.key_ops])).toEqual([
      ['local-es', 'ES256', ['verify']],
      ['local-rs', 'RS256', ['verify']],
    ]);
    expect(keys.some((key) => 'd' in key)).toBe(false);
  });

  it('accepts an anon API key signed with a signing key, as anon', async () => {
    const anon = client(server.url, await apiKey('anon', es256));
    const { data, error } = await anon.from('public_profiles').select('display_name').limit(1);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    const hidden = await anon.from('comment_reports').select('id');
    expect(hidden.data).toEqual([]);
  });

  it('accepts a service_role API key signed with the other signing key, as service_role', async () => {
    const admin = client(server.url, await apiKey('service_role', rs256));
    const { data, error } = await admin.auth.admin.listUsers();
    expect(error).toBeNull();
    expect(data.users.length).toBeGreaterThan(0);
    const reports = await admin.from('comment_reports').select('id');
    expect(reports.error).toBeNull();
  });

  it('lets storage and realtime take the signed keys as they take the legacy ones', async () => {
    const admin = client(server.url, await apiKey('service_role', rs256));
    const buckets = await admin.storage.listBuckets();
    expect(buckets.error).toBeNull();
    const anon = client(server.url, await apiKey('anon', es256));
    const status = await new Promise<string>((resolve) => {
      anon.channel('signed-key-room').subscribe((state) => {
        if (state !== REALTIME_SUBSCRIBE_STATES.CLOSED) resolve(state);
      });
    });
    expect(status).toBe('SUBSCRIBED');
    await anon.removeAllChannels();
  });

  it('refuses an API key signed with a key that is not configured, or for another role', async () => {
    const stranger = await keyPair('ES256', 'local-es');
    for (const key of [
      await apiKey('service_role', stranger),
      await apiKey('authenticated', es256),
    ]) {
      const { error, status } = await client(server.url, key).from('public_profiles').select('*');
      expect(status).toBe(401);
      expect(error?.message).toBe('Invalid API key');
    }
  });
});

describe('a signing key file that really is bad', () => {
  it('stops the start with one line naming the file and the key', async () => {
    const good = await keyPair('ES256', 'good-key');
    const { jwk: bad } = await keyPair('ES256', 'broken-key');
    const path = await keyFile([good.jwk, { ...bad, x: 'bm90IGEgcG9pbnQ' }]);
    const start = startTestServer({ settings: { auth: { signing_keys_path: path } } });
    await expect(start).rejects.toThrow(
      new RegExp(`auth\\.signing_keys_path: ${path}: key broken-key cannot be read \\(.+\\)$`, 'm'),
    );
  });

  it('names a key whose type does not fit its algorithm', async () => {
    const { jwk } = await keyPair('RS256', 'mislabelled');
    const path = await keyFile([{ ...jwk, alg: 'ES256' }]);
    const start = startTestServer({ settings: { auth: { signing_keys_path: path } } });
    await expect(start).rejects.toThrow(
      `auth.signing_keys_path: ${path}: key mislabelled is ES256 but its kty is RSA, not EC`,
    );
  });
});
