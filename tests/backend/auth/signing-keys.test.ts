// Asymmetric access tokens (`[auth] signing_keys_path`, ES256): a real JWKS, getClaims() verifying
// locally, and REST accepting the tokens while refusing one signed with another key.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';

const MEMBER = { email: 'member@example.com', password: 'polyglot-demo-2026' };

async function keyFile(kid: string): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' };
  const path = join(await mkdtemp(join(tmpdir(), 'signing-keys-')), 'signing_keys.json');
  await writeFile(path, JSON.stringify([jwk]));
  return path;
}

describe('ES256 signing keys', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      settings: { auth: { signing_keys_path: await keyFile('local-key-1') } },
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('publishes the public key and signs access tokens with it; getClaims verifies them', async () => {
    const jwks = (await (
      await fetch(`${server.url}/auth/v1/.well-known/jwks.json`, {
        headers: { apikey: server.anonKey },
      })
    ).json()) as { keys: Record<string, unknown>[] };
    expect(jwks.keys).toEqual([
      expect.objectContaining({ kid: 'local-key-1', alg: 'ES256', kty: 'EC', crv: 'P-256' }),
    ]);
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const client = server.client();
    expect((await client.auth.signInWithPassword(MEMBER)).error).toBeNull();
    const { data, error } = await client.auth.getClaims();
    expect(error).toBeNull();
    expect(data?.header).toMatchObject({ alg: 'ES256', kid: 'local-key-1' });
    expect(data?.claims).toMatchObject({ email: MEMBER.email, role: 'authenticated' });
    expect((await client.auth.getUser()).error).toBeNull();
  });

  it('lets REST read as the member with the ES256 token and refuses a forged one', async () => {
    const client = server.client();
    await client.auth.signInWithPassword(MEMBER);
    const own = await client.from('profiles').select('id').limit(1);
    expect(own.error).toBeNull();

    const { privateKey } = await generateKeyPair('ES256');
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'ES256', kid: 'local-key-1' })
      .setExpirationTime('1h')
      .sign(privateKey);
    const response = await fetch(`${server.url}/rest/v1/profiles?select=id`, {
      headers: { apikey: server.anonKey, authorization: `Bearer ${forged}` },
    });
    expect(response.status).toBe(401);
  });
});
