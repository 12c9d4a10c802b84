// Private channels (`config: { private: true }`), authorized as hosted Realtime does it: at join (and
// whenever the token changes) the RLS policies on `realtime.messages` decide, for the channel's topic
// and the subscriber's claims, whether it may receive broadcasts and presence (SELECT) and whether it
// may send broadcasts and track presence (INSERT). Public channels allow everything.
import type { Claims, Database } from '../db/database.ts';

export interface ChannelAccess {
  broadcastRead: boolean;
  presenceRead: boolean;
  broadcastWrite: boolean;
  presenceWrite: boolean;
}

export const PUBLIC_ACCESS: ChannelAccess = Object.freeze({
  broadcastRead: true,
  presenceRead: true,
  broadcastWrite: true,
  presenceWrite: true,
});

interface AccessRow {
  broadcast_read: boolean;
  presence_read: boolean;
  broadcast_write: boolean;
  presence_write: boolean;
}

/**
 * What each claim set may do on `topic` (the channel name without `realtime:`), in one round trip to
 * the database worker however many claim sets there are (`realtime.local_channel_access`).
 */
export async function channelAccess(
  db: Database,
  topic: string,
  claimSets: readonly Claims[],
): Promise<ChannelAccess[]> {
  if (claimSets.length === 0) return [];
  const { rows } = await db.query<{ access: string }>(
    'select realtime.local_channel_access($1, $2::jsonb)::text as access',
    [topic, JSON.stringify(claimSets)],
  );
  const access = JSON.parse(rows[0]?.access ?? '[]') as AccessRow[];
  return access.map((row) => ({
    broadcastRead: row.broadcast_read,
    presenceRead: row.presence_read,
    broadcastWrite: row.broadcast_write,
    presenceWrite: row.presence_write,
  }));
}

export function unauthorizedToRead(topic: string): string {
  return `Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Local addition (hosted policies cannot see the presence key): on a private channel a client may not
 * track presence under a user id that is not its own. A key shaped like a user id must be the caller's
 * `sub`; other keys (and the random one the server assigns to an empty key) name no user.
 */
export function presenceKeyRefusal(key: string, claims: Claims, assigned: boolean): string | null {
  if (assigned || claims.role === 'service_role' || !UUID.test(key)) return null;
  if (typeof claims.sub === 'string' && claims.sub.toLowerCase() === key.toLowerCase()) return null;
  return 'Presence key must be your own user id';
}
