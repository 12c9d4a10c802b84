// The WebSocket endpoint `/realtime/v1/websocket?apikey=…&vsn=…` on the API's own HTTP server.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { Keys } from '../config/keys.ts';
import { isAcceptedApiKey } from './auth.ts';
import { Connection, type ConnectionContext } from './connection.ts';
import type { Vsn } from './protocol.ts';
import { SocketHosts, webSocketServerOptions, type RealtimeSocket } from './socket-hosts.ts';

const PATH = /^\/realtime\/v1\/websocket\/?$/;
/** Phoenix closes a socket that sent nothing (not even a heartbeat) for this long. */
const IDLE_MS = 60_000;

function refuse(socket: Duplex, status: string, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export interface RealtimeSockets {
  readonly connections: ReadonlySet<Connection>;
  close(): Promise<void>;
}

export function attachWebSocket(
  server: Server,
  keys: Keys,
  context: ConnectionContext,
): RealtimeSockets {
  const wss = new WebSocketServer(webSocketServerOptions);
  const connections = new Set<Connection>();
  const limits = context.quota.limits;
  const hosts = new SocketHosts({
    socketsPerProcess: limits.socketsPerProcess,
    maxSendBufferBytes: limits.maxSendBufferBytes,
    log: context.log,
  });
  /** Sockets this process holds itself. */
  let held = 0;

  const accept = (ws: RealtimeSocket, vsn: Vsn, apiKey: string | null) => {
    const connection = new Connection(ws, vsn, apiKey, context);
    connections.add(connection);
    ws.on('close', () => connections.delete(connection));
  };

  const upgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (!PATH.test(url.pathname)) {
      refuse(socket, '404 Not Found', 'no Route matched with those values');
      return;
    }
    const apiKey = url.searchParams.get('apikey') ?? request.headers['apikey']?.toString() ?? null;
    if (!(await isAcceptedApiKey(apiKey, keys))) {
      refuse(
        socket,
        '401 Unauthorized',
        apiKey ? 'Invalid API key' : 'No API key found in request',
      );
      return;
    }
    const vsn: Vsn = url.searchParams.get('vsn') === '2.0.0' ? '2.0.0' : '1.0.0';
    if (hosts.full(held)) {
      await hosts.adopt(request, socket, head, (ws) => {
        accept(ws, vsn, apiKey);
      });
      return;
    }
    held++;
    socket.once('close', () => held--);
    wss.handleUpgrade(request, socket, head, (ws) => {
      accept(ws, vsn, apiKey);
    });
  };

  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    upgrade(request, socket, head).catch((error: unknown) => {
      context.log('upgrade failed', error);
      socket.destroy();
    });
  };
  server.on('upgrade', onUpgrade);

  const sweep = setInterval(() => {
    const cutoff = Date.now() - IDLE_MS;
    for (const connection of connections) {
      if (connection.lastSeen < cutoff) connection.close(1000, 'heartbeat timeout');
    }
  }, IDLE_MS / 4);
  sweep.unref();

  function closeConnections(): void {
    for (const connection of connections) connection.close();
    connections.clear();
  }

  return {
    connections,
    async close() {
      clearInterval(sweep);
      server.off('upgrade', onUpgrade);
      closeConnections();
      await hosts.close();
      await new Promise<void>((resolve) => {
        wss.close(() => {
          resolve();
        });
      });
    },
  };
}
