// Issue 8, finding 2: no member can host a page on the API origin. Media types are parsed as a
// browser parses them, bytes sent to a bucket with MIME limits must be the image they claim to be,
// and every object is served with `nosniff` and a CSP that runs nothing; anything that is not a drawn
// image is an attachment.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { actors, type SignedInActor } from '../rls/demo.ts';
import { demoUsers, present, signIn, storageFields, tinyPng } from '../storage/support.ts';

const html = Buffer.from('<!doctype html><script>alert(document.domain)</script>');
const signedIn = actors.filter((actor): actor is SignedInActor => actor !== 'anon');

/** Content types a naive `split(';')` takes for `image/png`; a browser reads some as HTML. */
const smuggled = [
  'image/png;,text/html',
  'image/png; charset=x, text/html',
  'image/png,text/html',
  'text/html, image/png',
];

describe('uploaded media types and how objects are served', () => {
  let server: TestServer;
  const clients = new Map<SignedInActor, SupabaseClient>();

  beforeAll(async () => {
    server = await startTestServer();
    for (const actor of signedIn) clients.set(actor, await signIn(server, actor));
  });
  afterAll(async () => {
    await server.stop();
  });

  /** A raw upload as `actor` into their own avatar folder (fetch, so the header is sent verbatim). */
  async function upload(actor: SignedInActor | 'anon', name: string, type: string, body: Buffer) {
    const folder = actor === 'anon' ? demoUsers.member.id : demoUsers[actor].id;
    const client = actor === 'anon' ? null : clients.get(actor);
    const token = client
      ? (await client.auth.getSession()).data.session?.access_token
      : server.anonKey;
    const response = await fetch(`${server.url}/storage/v1/object/avatars/${folder}/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token ?? ''}`, 'content-type': type },
      body: new Uint8Array(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  for (const actor of actors) {
    it(`refuses HTML sent as an image by ${actor}, whatever the content type says`, async () => {
      for (const [index, type] of [...smuggled, 'image/png', 'image/webp'].entries()) {
        const answer = await upload(actor, `page-${index}.png`, type, html);
        expect(answer.status, type).toBe(400);
        expect(['415', '403'], type).toContain(answer.body['statusCode']);
      }
      const { data } = await server
        .admin()
        .storage.from('avatars')
        .list(actor === 'anon' ? demoUsers.member.id : demoUsers[actor].id);
      expect((data ?? []).filter((entry) => entry.name.startsWith('page-'))).toEqual([]);
    });
  }

  it('stores a real PNG sent with a smuggled type as plain image/png', async () => {
    const answer = await upload(
      'member',
      'real.png',
      'image/png; charset=x, text/html',
      Buffer.from(tinyPng),
    );
    expect(answer.status).toBe(200);
    const response = await fetch(
      `${server.url}/storage/v1/object/public/avatars/${demoUsers.member.id}/real.png`,
    );
    expect(response.headers.get('content-type')).toBe('image/png');
  });

  it('serves images inline with nosniff and a CSP that runs nothing', async () => {
    const { error } = await present(clients.get('otherMember'))
      .storage.from('avatars')
      .upload(`${demoUsers.otherMember.id}/avatar.png`, Buffer.from(tinyPng), {
        contentType: 'image/png',
      });
    expect(error).toBeNull();
    const response = await fetch(
      `${server.url}/storage/v1/object/public/avatars/${demoUsers.otherMember.id}/avatar.png`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('content-disposition')).toBeNull();
  });

  it('serves HTML in a bucket without limits as a sandboxed attachment', async () => {
    const admin = server.admin();
    await admin.storage.createBucket('files', { public: true });
    const { error } = await admin.storage
      .from('files')
      .upload('page.html', html, { contentType: 'text/html' });
    expect(error).toBeNull();
    const response = await fetch(`${server.url}/storage/v1/object/public/files/page.html`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="page.html"/,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('serves a row stored with a smuggled type (before this check) as the image it claims, never as HTML', async () => {
    await server.server.db.query(
      `update storage.objects set metadata = jsonb_set(metadata, '{mimetype}', '"image/png;,text/html"')
       where bucket_id = 'avatars' and name = $1`,
      [`${demoUsers.otherMember.id}/avatar.png`],
    );
    const response = await fetch(
      `${server.url}/storage/v1/object/public/avatars/${demoUsers.otherMember.id}/avatar.png`,
    );
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('refuses an upload whose type is not one media type, in any bucket', async () => {
    const admin = server.admin();
    const { error } = await admin.storage
      .from('files')
      .upload('list.txt', Buffer.from('x'), { contentType: 'text/plain, text/html' });
    expect(storageFields(error).statusCode).toBe('415');
  });
});
