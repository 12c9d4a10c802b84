// Realtime's limits, as hosted Supabase has them per project (its free plan: 200 concurrent clients,
// 100 channels per client, 100 joins and 100 messages per second), here with local defaults high
// enough for `npm run bench:realtime` (20,000 clients), and a bounded send buffer per socket.
// Set through SUPABASE_LOCAL_REALTIME_* variables or `start({ realtimeLimits })`.
import { readFileSync } from 'node:fs';

export interface RealtimeLimits {
  /** Concurrent sockets with at least one channel (ConnectionRateLimitReached). */
  maxConnections: number;
  /** Channels one socket may join (ChannelRateLimitReached). */
  maxChannelsPerClient: number;
  /** Joins per second, project-wide (ClientJoinRateLimitReached). */
  maxJoinsPerSecond: number;
  /** Broadcast and presence messages from clients per second, project-wide. */
  maxEventsPerSecond: number;
  /** Bytes queued for one socket that is not reading before it is closed. */
  maxSendBufferBytes: number;
  /**
   * Sockets the backend's process holds before it hands new ones to helper processes (an open
   * file each; realtime/socket-hosts.ts). Local only: by default the open-file limit less a tenth.
   */
  socketsPerProcess: number;
}

/**
 * Sockets one process holds by default: its open-file limit (Linux's /proc/self/limits, which
 * Node has already raised to the hard limit) less a tenth, kept for the database's files, HTTP
 * and the rest. Without the file, no helper processes.
 */
function defaultSocketsPerProcess(): number {
  try {
    const limits = readFileSync('/proc/self/limits', 'utf8');
    const soft = /^Max open files\s+(\d+|unlimited)/m.exec(limits)?.[1];
    if (soft === undefined || soft === 'unlimited') return Number.MAX_SAFE_INTEGER;
    return Math.max(1, Number(soft) - Math.max(256, Math.floor(Number(soft) / 10)));
  } catch {
    return Number.MAX_SAFE_INTEGER;
  }
}

export const defaultRealtimeLimits: RealtimeLimits = {
  maxConnections: 25_000,
  maxChannelsPerClient: 100,
  maxJoinsPerSecond: 5_000,
  maxEventsPerSecond: 10_000,
  maxSendBufferBytes: 8 * 1024 * 1024,
  socketsPerProcess: defaultSocketsPerProcess(),
};

const variables: Record<keyof RealtimeLimits, string> = {
  maxConnections: 'SUPABASE_LOCAL_REALTIME_MAX_CONNECTIONS',
  maxChannelsPerClient: 'SUPABASE_LOCAL_REALTIME_MAX_CHANNELS_PER_CLIENT',
  maxJoinsPerSecond: 'SUPABASE_LOCAL_REALTIME_MAX_JOINS_PER_SECOND',
  maxEventsPerSecond: 'SUPABASE_LOCAL_REALTIME_MAX_EVENTS_PER_SECOND',
  maxSendBufferBytes: 'SUPABASE_LOCAL_REALTIME_MAX_SEND_BUFFER_BYTES',
  socketsPerProcess: 'SUPABASE_LOCAL_REALTIME_SOCKETS_PER_PROCESS',
};

/** The limits the environment sets; a value that is not a positive integer is a problem. */
export function readRealtimeLimitsEnv(
  env: NodeJS.ProcessEnv,
  problems: string[],
): Partial<RealtimeLimits> {
  const limits: Partial<RealtimeLimits> = {};
  for (const [key, name] of Object.entries(variables) as [keyof RealtimeLimits, string][]) {
    const text = env[name];
    if (text === undefined || text === '') continue;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) {
      problems.push(`${name}: "${text}" is not a positive whole number`);
      continue;
    }
    limits[key] = value;
  }
  return limits;
}
