// The service provider's side of a sign-in, opened through supabase-js: the relay state and the
// AuthnRequest ID a crafted response must answer.
import { inflateRawSync } from 'node:zlib';
import type { TestServer } from './server.ts';

export async function startSsoFlow(server: TestServer) {
  const { data, error } = await server.client().auth.signInWithSSO({ domain: 'newsroom.example' });
  if (error) throw new Error(`signInWithSSO failed: ${error.message}`);
  const url = new URL(data.url);
  const request = inflateRawSync(
    Buffer.from(url.searchParams.get('SAMLRequest') ?? '', 'base64'),
  ).toString('utf8');
  const requestId = /\bID="([^"]+)"/.exec(request)?.[1] ?? '';
  return { url, relayState: url.searchParams.get('RelayState') ?? '', requestId, request };
}

export function spUrls(server: TestServer) {
  return {
    audience: `${server.url}/auth/v1/sso/saml/metadata`,
    recipient: `${server.url}/auth/v1/sso/saml/acs`,
  };
}
