import { fileURLToPath } from 'node:url';

/** The repository root (local-supabase/ sits directly in it). */
export const projectRoot = fileURLToPath(new URL('..', import.meta.url));
