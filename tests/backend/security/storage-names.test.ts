// Issue 8, finding 11: bucket names are validated as Supabase Storage does (1–63 S3-safe characters,
// and here never `.` or `..`, which would name a directory outside a bucket), and no request writes
// a file outside the storage folder, whoever asks.
import { readdir } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileStore } from '../../../local-supabase/storage/files.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { actors, type Actor } from '../rls/demo.ts';
import { demoUsers, present, signIn, storageFields, tinyPng } from '../storage/support.ts';

const badNames = ['..', '.', '...', 'a/b', '', 'x'.repeat(64), 'tab\there', 'ünicode'];

describe('bucket names and the storage folder', () => {
  let server: TestServer;
  let dataDir: string;
  const clients = new Map<Actor | 'service', SupabaseClient>();

  beforeAll(async () => {
    server = await startTestServer();
    dataDir = present(server.server.config.local.dataDir, 'data directory');
    clients.set('anon', server.client());
    for (const actor of actors)
      if (actor !== 'anon') clients.set(actor, await signIn(server, actor));
    clients.set('service', server.admin());
    const { error } = await present(clients.get('member'))
      .storage.from('avatars')
      .upload(`${demoUsers.member.id}/source.png`, Buffer.from(tinyPng), {
        contentType: 'image/png',
      });
    expect(error).toBeNull();
  });
  afterAll(async () => {
    await server.stop();
  });

  // What the backend itself keeps in its data directory: the database, stored objects, and
  // resumable uploads in progress. Anything else was written by a path that escaped.
  const ownEntries = new Set(['pgdata', 'storage', 'resumable']);
  const entriesOutsideStorage = async () =>
    (await readdir(dataDir)).filter((name) => !ownEntries.has(name)).sort();

  for (const name of badNames) {
    it(`refuses a bucket named ${JSON.stringify(name)} for every caller, the service key included`, async () => {
      for (const [who, client] of clients) {
        const { error } = await client.storage.createBucket(name, { public: true });
        expect(error, who).not.toBeNull();
        // An empty name is refused by the body's schema before the name check.
        if (name !== '') expect(storageFields(error).code, who).toBe('InvalidBucketName');
      }
    });
  }

  it('accepts a 63-character bucket name from the service key', async () => {
    const { error } = await server.admin().storage.createBucket('b'.repeat(63));
    expect(error).toBeNull();
  });

  it('refuses to copy or move into bucket ".." and writes nothing outside the storage folder', async () => {
    // As if the bucket had been made before names were checked (or by SQL): the routes must still
    // refuse it, whoever asks.
    await server.server.db.query(
      `insert into storage.buckets (id, name, public) values ('..', '..', true) on conflict do nothing`,
    );
    const before = await entriesOutsideStorage();
    for (const [who, client] of clients) {
      const source = `${demoUsers.member.id}/source.png`;
      const destination = `${demoUsers.member.id}/escaped.png`;
      const copied = await client.storage
        .from('avatars')
        .copy(source, destination, { destinationBucket: '..' });
      expect(copied.error, who).not.toBeNull();
      const moved = await client.storage
        .from('avatars')
        .move(source, destination, { destinationBucket: '..' });
      expect(moved.error, who).not.toBeNull();
    }
    expect(await entriesOutsideStorage()).toEqual(before);
  });

  it('refuses a bucket of dots in every object route, percent-encoded too', async () => {
    for (const bucket of ['..', '%2E%2E', '.']) {
      const response = await fetch(`${server.url}/storage/v1/object/${bucket}/x.png`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.serviceKey}`, 'content-type': 'image/png' },
        body: tinyPng,
      });
      const body = (await response.json()) as { statusCode?: string };
      expect(response.status, bucket).toBeLessThan(500);
      // `..` is resolved away by the URL parser (no such route); the encoded forms reach the name check.
      expect(['400', '404'], bucket).toContain(body.statusCode);
    }
    expect(await entriesOutsideStorage()).toEqual([]);
  });

  it('keeps a bucket directory inside the root even when a row names ".."', async () => {
    const store = await FileStore.open(join(dataDir, 'direct'));
    try {
      await expect(store.write('..', randomUUID(), tinyPng)).rejects.toThrow(/outside/);
      await expect(store.write('.', randomUUID(), tinyPng)).rejects.toThrow(/outside/);
      await expect(store.write('avatars', '../../escape', tinyPng)).rejects.toThrow(/version/);
      expect(await readdir(join(dataDir, 'direct'))).toEqual(['storage']);
    } finally {
      await store.close();
    }
  });
});
