// A raw HTTP/1.1 exchange over a TCP socket, for requests a fetch client would refuse to build or would
// hide a connection reset behind: the whole request is written, then everything the server sends is
// read until it closes the connection.
import { connect } from 'node:net';

export interface RawAnswer {
  /** The status code, or null when no status line arrived. */
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** The socket error that ended the exchange (`ECONNRESET`, `EPIPE`), if any. */
  socketError: string | null;
}

/** Sends `head` (request line and headers, without the blank line) and `body`; reads the answer. */
export function rawRequest(
  url: string,
  head: string,
  body: Buffer = Buffer.alloc(0),
): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let socketError: string | null = null;
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(`${head}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
      // No half-close after the body: Node's server would take it as the client going away.
      socket.write(body);
    });
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socketError = error.code ?? error.message;
    });
    socket.on('close', () => {
      resolve(parseAnswer(Buffer.concat(chunks).toString('latin1'), socketError));
    });
    socket.setTimeout(30_000, () => socket.destroy(new Error('timeout')));
  });
}

function parseAnswer(text: string, socketError: string | null): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const lines = (end < 0 ? text : text.slice(0, end)).split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1];
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = end < 0 ? '' : text.slice(end + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: status ? Number(status) : null, headers, body, socketError };
}

function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}
