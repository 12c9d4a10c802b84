// Helpers for the storage and realtime suites: demo accounts signed in through the real auth service.
import type { SupabaseClient } from '@supabase/supabase-js';
import { passSecondFactor, staffFactor } from '../helpers/second-factor.ts';
import type { TestServer } from '../helpers/server.ts';
import { demoPassword, demoUsers, type SignedInActor } from '../rls/demo.ts';

export { demoUsers };

/**
 * A client signed in as one of the seeded demo accounts (password sign-in, as a member does); the
 * moderator and the admin then pass their seeded second factor, as staff must.
 */
export async function signIn(
  server: TestServer,
  actor: SignedInActor,
  options: Parameters<TestServer['client']>[0] = {},
): Promise<SupabaseClient> {
  const client = server.client(options);
  const { error } = await client.auth.signInWithPassword({
    email: demoUsers[actor].email,
    password: demoPassword,
  });
  if (error) throw new Error(`sign-in as ${actor} failed: ${error.message}`);
  const factor = staffFactor(actor);
  if (factor) await passSecondFactor(client, factor);
  return client;
}

/** The smallest valid PNG (1×1, transparent), for avatar uploads. */
export const tinyPng = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  ),
);

/** Reads an error's storage fields (storage-js's StorageApiError carries them as properties). */
export function storageFields(error: unknown): { statusCode?: unknown; code?: unknown } {
  if (typeof error !== 'object' || error === null) return {};
  const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
  return { statusCode, code };
}

/** The value, or a failed test when it is missing (instead of a non-null assertion). */
export function present<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`expected a ${what}`);
  return value;
}

/** A downloaded Blob's bytes. */
export async function bytesOf(blob: Blob | null): Promise<Uint8Array> {
  return new Uint8Array(await present(blob, 'download').arrayBuffer());
}

/** The smallest WebP (1×1, white); magic numbers are checked in buckets with MIME limits. */
export const tinyWebp = Uint8Array.from(
  Buffer.from('UklGRiQAAABXRUJQVlA4IBgAAAAwAQCdASoBAAEAAUAmJaQAA3AA/vz0AAA=', 'base64'),
);

/** A 1×1 white JPEG (267 bytes). */
export const tinyJpeg = Uint8Array.from(
  Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAj/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAAAP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AKpAB//Z',
    'base64',
  ),
);
