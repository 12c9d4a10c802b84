// Requests Node's HTTP parser refuses (headers beyond `maxHeaderSize`, malformed request lines) and
// request bodies left unread behind an early answer. Node's defaults answer the first with a bare
// status and close the socket with the client's bytes still unread, which the kernel turns into a
// connection reset, so the client never sees the answer. Here both get a complete JSON answer and a
// "lingering close" (as nginx does): the rest of the request is read and dropped before the socket
// closes.
import type { Duplex, Readable } from 'node:stream';

/** How long, and how many bytes, a refused request may still send before the socket is closed. */
const LINGER_MS = 5_000;
const LINGER_BYTES = 64 * 1024 * 1024;

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  414: 'URI Too Long',
  431: 'Request Header Fields Too Large',
};

const METHOD_LINE = /^[A-Z]+ /;

/** 414 when the request line itself did not end within the packet that overflowed, else 431. */
function overflowStatus(rawPacket: Buffer | undefined): number {
  if (!rawPacket) return 431;
  const text = rawPacket.subarray(0, 64 * 1024).toString('latin1');
  return METHOD_LINE.test(text) && !text.includes('\r\n') ? 414 : 431;
}

function statusOf(error: NodeJS.ErrnoException & { rawPacket?: Buffer }): number {
  if (error.code === 'HPE_HEADER_OVERFLOW') return overflowStatus(error.rawPacket);
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/** Reads and drops what the peer still sends, then closes; gives up after LINGER_MS / LINGER_BYTES. */
function lingerAndClose(socket: Duplex): void {
  let received = 0;
  const close = () => {
    clearTimeout(timer);
    socket.destroy();
  };
  const timer = setTimeout(close, LINGER_MS);
  timer.unref();
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > LINGER_BYTES) close();
  });
  socket.on('end', close);
  socket.on('error', close);
  socket.resume();
}

/**
 * Sockets already answered. Node's parser keeps reading such a socket and reports every later chunk
 * as the same error; ignoring those reports is what drains the request.
 */
const answered = new WeakSet<Duplex>();

/** The server's `clientError` listener: a complete answer in the gateway's JSON shape. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = statusOf(error);
  const reason = REASONS[status] ?? 'Bad Request';
  const body = JSON.stringify({ message: reason });
  socket.write(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
  socket.end();
  lingerAndClose(socket);
}

/**
 * Resolves once the rest of an unread request body has arrived (dropped), so that an answer sent
 * before the body was read (413, 401, …) reaches a client that is still sending. Bounded like
 * `lingerAndClose`; past the bounds the answer goes out anyway.
 */
export function drainUnreadBody(incoming: Readable & { complete: boolean }): Promise<void> {
  if (incoming.complete || incoming.destroyed || incoming.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const done = () => {
      clearTimeout(timer);
      incoming.off('readable', onReadable);
      resolve();
    };
    // read() on 'readable', not resume(): the adapter's body stream may hold a 'readable' listener,
    // and while one exists resume() does nothing.
    const onReadable = () => {
      for (let chunk: unknown = incoming.read(); chunk !== null; chunk = incoming.read()) {
        received += (chunk as Buffer).length;
        if (received > LINGER_BYTES) {
          done();
          return;
        }
      }
    };
    const timer = setTimeout(done, LINGER_MS);
    incoming.on('readable', onReadable);
    incoming.once('end', done);
    incoming.once('close', done);
    incoming.once('error', done);
    onReadable();
  });
}
