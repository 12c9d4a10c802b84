// Private channels (`config: { private: true }`), authorized as hosted Realtime does it: at join (and
// whenever the token changes) the RLS policies on `realtime.messages` decide, for the channel's topic
// and the subscriber's claims, whether it may receive broadcasts and presence (SELECT) and whether it
// may send broadcasts and track presence (INSERT); JoinChecks asks the database, many joins at once.
// Public channels allow everything.
import type { Claims } from '../db/database.ts';

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
