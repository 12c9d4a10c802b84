// The load generator of bench/realtime.mjs, in its own process so the server's memory is measured
// alone: N supabase-js clients (one socket each) subscribe to one article the way the product would,
// then every arrival is timed on the shared wall clock and reported to the parent.
import { createClient } from '@supabase/supabase-js';

// The options (with up to 1,000 tokens) come as the first IPC message, not on the command line.
const { url, anonKey, tokens, count, path, article, first, joinsPerSecond } = await new Promise(
  (resolve) => {
    process.once('message', resolve);
  },
);
const now = () => performance.timeOrigin + performance.now();
/** [event body, subscriber index, arrival time] */
const arrivals = [];
const clients = [];

function bodyOf(path, message) {
  if (path === 'changes') return message.new?.body;
  if (path === 'database') return message.payload?.comment?.body;
  return message.payload?.body;
}

function subscribeOne(index) {
  const token = tokens?.[index - first];
  const client = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // A join storm on a loaded machine can take longer than realtime-js's 10 s default.
    realtime: { timeout: 120_000 },
    ...(token ? { accessToken: async () => token } : {}),
  });
  clients.push(client);
  const record = (message) => {
    const body = bodyOf(path, message);
    if (body) arrivals.push([body, index, now()]);
  };
  const channel =
    path === 'changes'
      ? client.channel(`bench-${index}`).on(
          'postgres_changes',
          {
            event: 'INSERT',
            schema: 'public',
            table: 'comments',
            filter: `article_key=eq.${article}`,
          },
          record,
        )
      : path === 'database'
        ? client
            .channel(`article:${article}`, { config: { private: true } })
            .on('broadcast', { event: 'comment' }, record)
        : client.channel(`plain:${article}`).on('broadcast', { event: 'comment' }, record);
  // The first answer decides: a refused channel is rejoined by realtime-js later and may then hear
  // events, but it is counted as refused, and its arrivals are not counted for it (the parent
  // counts losses over the subscribers that joined the first time).
  return new Promise((resolve) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve({ joined: true });
      // Whether the socket ever opened tells a lost join from a connection that never came up.
      else if (status === 'TIMED_OUT') {
        resolve({
          joined: false,
          reason: `TIMED_OUT (socket ${client.realtime.connectionState()})`,
        });
      } else if (status === 'CHANNEL_ERROR') {
        resolve({ joined: false, reason: refusalCode(error) });
      }
    });
  });
}

/** `ClientJoinRateLimitReached: Too many joins per second` → its Realtime code. */
function refusalCode(error) {
  const message = error?.message ?? 'CHANNEL_ERROR';
  return /^[A-Za-z]+(?=:)/.exec(message)?.[0] ?? message;
}

const began = now();
/**
 * Readers arrive at `joinsPerSecond` (this process's share), as page loads spread them; without
 * it all join at once, which past Realtime's join limit (5,000 a second) refuses the excess.
 */
const startAt = (index) =>
  joinsPerSecond
    ? new Promise((resolve) => setTimeout(resolve, (index * 1000) / joinsPerSecond))
    : Promise.resolve();
const results = await Promise.all(
  Array.from({ length: count }, async (_, index) => {
    await startAt(index);
    return subscribeOne(first + index);
  }),
);
const refusals = {};
for (const result of results) {
  if (!result.joined) refusals[result.reason] = (refusals[result.reason] ?? 0) + 1;
}
// The readers' own work from here on (each message through realtime-js): on one machine it shares
// the cores with the server, so the parent prints it beside the latencies.
const cpuAtReady = process.cpuUsage();
process.send({
  type: 'ready',
  subscribeMs: now() - began,
  joined: results.flatMap((result, index) => (result.joined ? [first + index] : [])),
  refusals,
});
process.on('message', async (message) => {
  if (message.type !== 'finish') return;
  const cpu = process.cpuUsage(cpuAtReady);
  process.send({ type: 'arrivals', arrivals, cpuMicros: cpu.user + cpu.system }, async () => {
    await Promise.all(clients.map((client) => client.realtime.disconnect()));
    process.exit(0);
  });
});
