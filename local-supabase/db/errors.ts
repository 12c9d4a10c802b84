import type { PostgresErrorFields } from './protocol.ts';

/** A Postgres error with its SQLSTATE `code`, `detail` and `hint`, as the services map them to HTTP. */
export class DatabaseError extends Error implements PostgresErrorFields {
  declare code?: string;
  declare detail?: string;
  declare hint?: string;
  declare position?: string;
  declare where?: string;
  declare schema?: string;
  declare table?: string;
  declare column?: string;
  declare constraint?: string;
  declare severity?: string;

  constructor(fields: PostgresErrorFields) {
    super(fields.message);
    this.name = 'DatabaseError';
    Object.assign(this, fields);
  }
}

export function isDatabaseError(error: unknown): error is DatabaseError {
  return error instanceof DatabaseError;
}
