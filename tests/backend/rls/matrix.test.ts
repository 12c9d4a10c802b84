import { describe } from 'vitest';
import { freshDatabase } from '../helpers/database.ts';
import { defineRlsMatrix } from './matrix-suite.ts';

describe('the RLS matrix on the real policies (PGlite)', () => {
  defineRlsMatrix(async () => {
    const db = await freshDatabase();
    return { db, close: () => db.close() };
  });
});
