// A process that holds WebSockets for the backend (socket-hosts.ts): a process may have only so many
// open files, one per socket, so past that many the backend hands new sockets to processes like
// this one. It only carries frames: the backend's connections (connection.ts) decide everything,
// through messages on the IPC channel (`HostCommand` in, `HostEvent` out, both batched).
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { webSocketServerOptions, type HostCommand, type HostEvent } from './socket-hosts.ts';

const wss = new WebSocketServer(webSocketServerOptions);
const sockets = new Map<number, WebSocket>();
const maxSendBufferBytes = Number(process.env['SOCKET_HOST_MAX_SEND_BUFFER_BYTES']);

let outbox: HostEvent[] = [];
function post(event: HostEvent): void {
  if (outbox.length === 0) {
    queueMicrotask(() => {
      const events = outbox;
      outbox = [];
      process.send?.(events);
    });
  }
  outbox.push(event);
}

function open(
  id: number,
  request: Pick<IncomingMessage, 'method' | 'url' | 'headers'>,
  socket: Socket,
  head: Uint8Array,
): void {
  let upgraded = false;
  wss.handleUpgrade(request as IncomingMessage, socket, Buffer.from(head), (ws) => {
    upgraded = true;
    sockets.set(id, ws);
    ws.on('message', (data, isBinary) => {
      const bytes = Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.isBuffer(data)
          ? data
          : Buffer.from(data);
      post({ type: 'message', id, data: bytes, isBinary });
    });
    ws.on('close', () => {
      sockets.delete(id);
      post({ type: 'closed', id });
    });
    ws.on('error', (error) => {
      post({ type: 'error', id, message: error.message });
    });
    post({ type: 'opened', id });
  });
  // A handshake ws refused closes the socket without calling back.
  socket.once('close', () => {
    if (!upgraded) post({ type: 'closed', id });
  });
}

/** Each distinct frame once, then each socket its frames; reports sockets that stopped reading. */
function send(frames: (string | Uint8Array)[], targets: Int32Array): void {
  const data = frames.map((frame) => ({
    bytes: Buffer.from(frame),
    binary: typeof frame !== 'string',
  }));
  for (let index = 0; index < targets.length; index += 2) {
    const ws = sockets.get(targets[index] as number);
    const frame = data[targets[index + 1] as number];
    if (ws === undefined || frame === undefined || ws.readyState !== ws.OPEN) continue;
    ws.send(frame.bytes, { binary: frame.binary });
    if (ws.bufferedAmount > maxSendBufferBytes) {
      post({ type: 'buffered', id: targets[index] as number, bytes: ws.bufferedAmount });
    }
  }
}

process.on('message', (commands: HostCommand | HostCommand[], handle?: Socket) => {
  for (const command of Array.isArray(commands) ? commands : [commands]) {
    switch (command.type) {
      case 'upgrade':
        // No handle: the socket closed before it could be sent.
        if (handle) open(command.id, command.request, handle, command.head);
        else post({ type: 'closed', id: command.id });
        break;
      case 'send':
        send(command.frames, command.targets);
        break;
      case 'close':
        sockets.get(command.id)?.close(command.code, command.reason);
        break;
      case 'terminate':
        sockets.get(command.id)?.terminate();
        break;
    }
  }
});
// The backend is gone (stopped or died): its sockets go with it.
process.on('disconnect', () => {
  for (const ws of sockets.values()) ws.terminate();
  process.exit(0);
});
process.send?.([{ type: 'ready' }] satisfies HostEvent[]);
