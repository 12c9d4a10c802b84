// A bare Phoenix client over `ws` for protocol tests: sends frames as given and records every frame
// the server sends, with the time it arrived.
import WebSocket from 'ws';
import { Inbox } from './support.ts';

export interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
  at: number;
  /** The frame as it came over the wire. */
  text: string;
}

export class RawSocket {
  readonly frames = new Inbox<Frame>();
  readonly #ws: WebSocket;
  readonly #vsn: '1.0.0' | '2.0.0';
  #ref = 0;

  private constructor(ws: WebSocket, vsn: '1.0.0' | '2.0.0') {
    this.#ws = ws;
    this.#vsn = vsn;
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = Buffer.isBuffer(data)
        ? data.toString('utf8')
        : Buffer.from(data as ArrayBuffer).toString('utf8');
      const value = JSON.parse(text) as unknown;
      const [joinRef, ref, topic, event, payload] = Array.isArray(value)
        ? (value as [string | null, string | null, string, string, Record<string, unknown>])
        : (() => {
            const o = value as Record<string, unknown>;
            return [o['join_ref'], o['ref'], o['topic'], o['event'], o['payload']] as [
              string | null,
              string | null,
              string,
              string,
              Record<string, unknown>,
            ];
          })();
      this.frames.push({ joinRef, ref, topic, event, payload, at: performance.now(), text });
    });
  }

  static open(url: string, apikey: string, vsn: '1.0.0' | '2.0.0' = '2.0.0'): Promise<RawSocket> {
    const ws = new WebSocket(
      `${url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${apikey}&vsn=${vsn}`,
    );
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        resolve(new RawSocket(ws, vsn));
      });
      ws.once('error', reject);
    });
  }

  /** The HTTP status a refused upgrade answered with. */
  static refusal(url: string, query: string): Promise<number> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/realtime/v1/websocket?${query}`);
    return new Promise((resolve, reject) => {
      // With this handler, ending the refused request is ours to do (ws's documentation).
      ws.on('error', () => undefined);
      ws.once('unexpected-response', (request, response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      ws.once('open', () => {
        reject(new Error('the upgrade was accepted'));
        ws.close();
      });
    });
  }

  sendRaw(data: string | Uint8Array): void {
    this.#ws.send(data);
  }

  /** Sends a message and returns its ref. */
  push(topic: string, event: string, payload: unknown, joinRef: string | null = null): string {
    this.#ref += 1;
    const ref = String(this.#ref);
    const join = event === 'phx_join' ? ref : joinRef;
    this.sendRaw(
      JSON.stringify(
        this.#vsn === '2.0.0'
          ? [join, ref, topic, event, payload]
          : { join_ref: join, ref, topic, event, payload },
      ),
    );
    return ref;
  }

  /** Sends a message and waits for its phx_reply. */
  async request(topic: string, event: string, payload: unknown, joinRef: string | null = null) {
    const ref = this.push(topic, event, payload, joinRef);
    const reply = await this.frames.next((f) => f.event === 'phx_reply' && f.ref === ref);
    return { ref, reply, status: reply.payload['status'], response: reply.payload['response'] };
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.#ws.readyState === WebSocket.CLOSED) {
        resolve();
        return;
      }
      this.#ws.once('close', () => {
        resolve();
      });
      this.#ws.close();
    });
  }
}
