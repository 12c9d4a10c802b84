// PGlite loads an extension only when it is passed to `create()`, on every open of a data directory
// (else `could not access file "pgcrypto"`, 58P01), so every open goes through this one list.
import { citext } from '@electric-sql/pglite/contrib/citext';
import { moddatetime } from '@electric-sql/pglite/contrib/moddatetime';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';

/** The extensions migrations may `create extension … with schema extensions`, as on Supabase. */
export const extensions = { pgcrypto, uuid_ossp, citext, moddatetime, pg_trgm };
