// Timestamps as storage-api answers them: it reads rows through node-postgres, whose Date objects
// serialise as `2021-02-17T04:43:32.770Z`; Postgres' own JSON form (`…T04:43:32.770123+00:00`) differs.

/** SQL for a timestamptz column as a JavaScript Date serialises it (`2021-02-17T04:43:32.770Z`). */
export const isoMillis = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
