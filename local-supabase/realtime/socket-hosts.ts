// Sockets past what one process may hold. Every WebSocket is an open file, and a process may have
// only so many (20,000 on some machines, a hard limit not even root raises), so once the backend
// holds `socketsPerProcess` of them, new ones are handed over (the file descriptor itself, over
// the IPC channel) to helper processes (socket-host.ts), started as needed. A hosted socket looks
// to its connection like a local one (`RealtimeSocket`): everything the backend decides stays in
// its process, and a host only carries frames. Frames for many sockets travel as one message per
// host, each distinct frame once, so a broadcast to thousands costs one message and the hosts
// write the sockets in parallel with the backend.
import { fork, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { RawData } from 'ws';

/** What a connection needs of its socket: a `ws` WebSocket, or one held by a host. */
export interface RealtimeSocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly bufferedAmount: number;
  send(data: string | Uint8Array): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: RawData, isBinary: boolean) => void): this;
  on(event: 'close', listener: () => void): this;
  on(event: 'error', listener: (error: Error) => void): this;
}

/** From the backend to a host. */
export type HostCommand =
  | {
      type: 'upgrade';
      id: number;
      request: { method: string; url: string; headers: IncomingMessage['headers'] };
      head: Uint8Array;
    }
  /** `targets` holds pairs: a socket's id, the index of its frame in `frames`. */
  | { type: 'send'; frames: (string | Uint8Array)[]; targets: Int32Array }
  | { type: 'close'; id: number; code: number | undefined; reason: string | undefined }
  | { type: 'terminate'; id: number };

/** From a host to the backend. */
export type HostEvent =
  | { type: 'ready' }
  | { type: 'opened'; id: number }
  | { type: 'message'; id: number; data: Uint8Array; isBinary: boolean }
  | { type: 'closed'; id: number }
  | { type: 'error'; id: number; message: string }
  /** The socket has more than the send buffer limit waiting: its connection closes it. */
  | { type: 'buffered'; id: number; bytes: number };

/** The WebSocket server's options, the same in the backend and in its hosts. */
export const webSocketServerOptions = { noServer: true, maxPayload: 4 * 1024 * 1024 } as const;

const CONNECTING = 0;
const OPEN = 1;
const CLOSING = 2;
const CLOSED = 3;

/** A socket held by a host, as its connection sees it. */
class HostedSocket extends EventEmitter implements RealtimeSocket {
  readonly OPEN = OPEN;
  readyState = CONNECTING;
  bufferedAmount = 0;
  readonly #host: SocketHost;
  readonly id: number;

  constructor(host: SocketHost, id: number) {
    super();
    this.#host = host;
    this.id = id;
  }

  send(data: string | Uint8Array): void {
    if (this.readyState === OPEN) this.#host.send(this.id, data);
  }

  close(code?: number, reason?: string): void {
    if (this.readyState >= CLOSING) return;
    this.readyState = CLOSING;
    this.#host.command({ type: 'close', id: this.id, code, reason });
  }

  terminate(): void {
    if (this.readyState === CLOSED) return;
    this.#host.command({ type: 'terminate', id: this.id });
  }

  /** The host says the socket closed, or the host is gone. */
  closed(): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.emit('close');
  }
}

/** One helper process and the sockets it holds. */
class SocketHost {
  readonly #child: ChildProcess;
  readonly sockets = new Map<number, HostedSocket>();
  /** Sockets handed over, until the host reports their handshake. */
  readonly #opening = new Map<number, (socket: HostedSocket | null) => void>();
  readonly ready: Promise<void>;
  #commands: HostCommand[] = [];
  /** The send command being filled, its frames' indexes and its targets. */
  #frames: (string | Uint8Array)[] = [];
  #frameIndex = new Map<string | Uint8Array, number>();
  #targets: number[] = [];
  #stopping = false;

  constructor(options: {
    maxSendBufferBytes: number;
    log: (message: string, error?: unknown) => void;
    onExit: (host: SocketHost) => void;
  }) {
    this.#child = fork(fileURLToPath(new URL('./socket-host.ts', import.meta.url)), [], {
      serialization: 'advanced',
      execArgv: [],
      env: {
        ...process.env,
        SOCKET_HOST_MAX_SEND_BUFFER_BYTES: String(options.maxSendBufferBytes),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.ready = new Promise((resolve, reject) => {
      this.#child.once('error', reject);
      this.#child.once('exit', (code, signal) => {
        reject(new Error(`socket host exited at start (${signal ?? String(code)})`));
      });
      this.#child.on('message', (events: HostEvent[]) => {
        for (const event of events) {
          if (event.type === 'ready') resolve();
          else this.#receive(event, options.log);
        }
      });
    });
    this.ready.catch(() => {}); // reported to the upgrade that waits for it
    this.#child.once('exit', (code, signal) => {
      if (!this.#stopping) {
        options.log(
          `a socket host (process ${String(this.#child.pid)}) died (${signal ?? `exit ${String(code)}`}): its ${String(this.sockets.size)} sockets are closed and their clients reconnect`,
        );
      }
      for (const resolve of this.#opening.values()) resolve(null);
      this.#opening.clear();
      for (const socket of this.sockets.values()) socket.closed();
      this.sockets.clear();
      options.onExit(this);
    });
  }

  /** Sockets held or being handed over. */
  get load(): number {
    return this.sockets.size + this.#opening.size;
  }

  #receive(event: Exclude<HostEvent, { type: 'ready' }>, log: (message: string) => void): void {
    const socket = this.sockets.get(event.id);
    switch (event.type) {
      case 'opened': {
        const opened = new HostedSocket(this, event.id);
        opened.readyState = OPEN;
        this.sockets.set(event.id, opened);
        // At once: the socket's first frames may be next in this same batch.
        this.#opening.get(event.id)?.(opened);
        this.#opening.delete(event.id);
        return;
      }
      case 'message':
        socket?.emit(
          'message',
          Buffer.from(event.data.buffer, event.data.byteOffset, event.data.byteLength),
          event.isBinary,
        );
        return;
      case 'closed':
        this.#opening.get(event.id)?.(null);
        this.#opening.delete(event.id);
        this.sockets.delete(event.id);
        socket?.closed();
        return;
      case 'error':
        if (socket) socket.emit('error', new Error(event.message));
        else log(`socket error: ${event.message}`);
        return;
      case 'buffered':
        if (socket) socket.bufferedAmount = event.bytes;
        return;
    }
  }

  /**
   * Hands the upgrade request's socket to this host; `opened` is called as the host reports the
   * handshake (null when it failed), before any frame the socket received is passed on.
   */
  adopt(
    id: number,
    request: IncomingMessage,
    socket: Socket,
    head: Buffer,
    opened: (socket: HostedSocket | null) => void,
  ): void {
    this.#flush();
    this.#opening.set(id, opened);
    const command: HostCommand = {
      type: 'upgrade',
      id,
      request: {
        method: request.method ?? 'GET',
        url: request.url ?? '/',
        headers: request.headers,
      },
      head,
    };
    this.#child.send(command, socket, (error) => {
      if (!error) return;
      this.#opening.get(id)?.(null);
      this.#opening.delete(id);
      socket.destroy();
    });
  }

  send(id: number, frame: string | Uint8Array): void {
    let index = this.#frameIndex.get(frame);
    if (index === undefined) {
      index = this.#frames.push(frame) - 1;
      this.#frameIndex.set(frame, index);
    }
    this.#targets.push(id, index);
    this.#schedule();
  }

  command(command: HostCommand): void {
    this.#closeSend();
    this.#commands.push(command);
    this.#schedule();
  }

  #closeSend(): void {
    if (this.#targets.length === 0) return;
    this.#commands.push({
      type: 'send',
      frames: this.#frames,
      targets: Int32Array.from(this.#targets),
    });
    this.#frames = [];
    this.#frameIndex = new Map();
    this.#targets = [];
  }

  #scheduled = false;
  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    queueMicrotask(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    this.#closeSend();
    if (this.#commands.length === 0 || !this.#child.connected) return;
    this.#child.send(this.#commands);
    this.#commands = [];
  }

  /** Flushes what is queued and lets the host go: it closes its sockets and exits. */
  stop(): Promise<void> {
    this.#stopping = true;
    this.#flush();
    if (this.#child.exitCode !== null || this.#child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      this.#child.once('exit', () => {
        resolve();
      });
      if (this.#child.connected) this.#child.disconnect();
      else this.#child.kill();
    });
  }
}

/** The helper processes, started as sockets need them. */
export class SocketHosts {
  readonly #hosts = new Set<SocketHost>();
  readonly #perProcess: number;
  readonly #maxSendBufferBytes: number;
  readonly #log: (message: string, error?: unknown) => void;
  #nextId = 1;

  constructor(options: {
    socketsPerProcess: number;
    maxSendBufferBytes: number;
    log: (message: string, error?: unknown) => void;
  }) {
    this.#perProcess = options.socketsPerProcess;
    this.#maxSendBufferBytes = options.maxSendBufferBytes;
    this.#log = options.log;
  }

  /** Whether a process already holding `held` sockets should hand the next one on. */
  full(held: number): boolean {
    return held >= this.#perProcess;
  }

  /**
   * Hands an upgrade request's socket to a host with room, started if none has; the WebSocket
   * handshake happens there. `opened` is called with the socket once it is open, before any of
   * its frames arrive; not at all when the handshake fails (the client sees its connection close).
   */
  async adopt(
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    opened: (socket: RealtimeSocket) => void,
  ): Promise<void> {
    // A TCP socket (the API listens on TCP): its file descriptor is what a host takes over.
    if (!(socket instanceof Socket)) throw new Error('only a TCP socket can be handed over');
    let host = [...this.#hosts].find((candidate) => !this.full(candidate.load));
    if (host === undefined) {
      host = new SocketHost({
        maxSendBufferBytes: this.#maxSendBufferBytes,
        log: this.#log,
        onExit: (gone) => this.#hosts.delete(gone),
      });
      this.#hosts.add(host);
    }
    const id = this.#nextId++;
    const chosen = host;
    // The socket is this process's until it is sent: a host that cannot start leaves it here.
    await chosen.ready;
    chosen.adopt(id, request, socket, head, (ws) => {
      if (ws) opened(ws);
    });
  }

  async close(): Promise<void> {
    await Promise.all([...this.#hosts].map((host) => host.stop()));
    this.#hosts.clear();
  }
}
