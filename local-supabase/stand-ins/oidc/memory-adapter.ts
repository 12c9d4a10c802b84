// oidc-provider's own in-memory storage, one store per stand-in. Passed explicitly, it is what the
// stand-in means to use (state lost at stop is right for a development provider), and oidc-provider
// no longer prints its "you MUST change" warning at every start. The module has no type declarations.
import type { Adapter } from 'oidc-provider';
// @ts-expect-error -- oidc-provider ships no types for its adapter module (see the comment above).
import { createMemoryAdapter as create } from 'oidc-provider/lib/adapters/memory_adapter.js';

export const createMemoryAdapter = create as () => (model: string) => Adapter;
