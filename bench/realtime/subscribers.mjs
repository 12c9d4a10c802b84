// The load generator of bench/realtime.mjs, in its own process so the server's memory is measured
// alone: N supabase-js clients (one socket each) subscribe to one article the way the product would,
// then every arrival is timed on the shared wall clock and reported to the parent.
import { createClient } from '@supabase/supabase-js';

// The options (with up to 1,000 tokens) come as the first IPC message, not on the command line.
const { url, anonKey, tokens, count, path, article } = await new Promise((resolve) => {
  process.once('message', resolve);
});
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
  const token = tokens?.[index];
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
  return new Promise((resolve) => {
    channel.subscribe((status) => {
      if (status === 'SUBSCRIBED') resolve(true);
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(false);
    });
  });
}

const began = now();
const results = await Promise.all(Array.from({ length: count }, (_, index) => subscribeOne(index)));
process.send({
  type: 'ready',
  subscribeMs: now() - began,
  failed: results.filter((ok) => !ok).length,
});
process.on('message', async (message) => {
  if (message.type !== 'finish') return;
  process.send({ type: 'arrivals', arrivals }, async () => {
    await Promise.all(clients.map((client) => client.realtime.disconnect()));
    process.exit(0);
  });
});
