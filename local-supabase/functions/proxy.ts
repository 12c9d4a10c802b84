// Hands one request to a function's process and its answer back, streaming both ways, under the
// wall-clock limit: a function that has not finished answering by then is ended (546 WORKER_LIMIT).
import { bootError, payloadTooLarge, workerError, workerLimit } from './answers.ts';
import { BootError, type FunctionWorker } from './worker.ts';

/** Headers that belong to one connection, never forwarded. */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'host', 'te'];

export interface ProxyOptions {
  wallClockMs: number;
  maxBodyBytes: number;
  /** A crash, a boot failure or a timeout: always logged. */
  onCrash(message: string): void;
  /** Called once, when the answer has been sent in full or the request failed. */
  onDone(): void;
}

interface Exchange {
  signal: AbortSignal;
  finish: () => void;
  onTooLarge: () => void;
}

/** Counts the body's bytes as they pass and fails the stream past `max`. */
function limitStream(body: ReadableStream<Uint8Array>, max: number, onTooLarge: () => void) {
  let seen = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > max) {
          onTooLarge();
          controller.error(new Error('request body too large'));
        } else {
          controller.enqueue(chunk);
        }
      },
    }),
  );
}

/** The same stream, calling `onEnd` once it is read to the end, fails or is cancelled. */
function watchEnd(body: ReadableStream<Uint8Array>, onEnd: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          onEnd();
          controller.close();
        } else {
          controller.enqueue(value);
        }
      } catch (error) {
        onEnd();
        controller.error(error);
      }
    },
    async cancel(reason) {
      onEnd();
      await reader.cancel(reason);
    },
  });
}

function withoutHopByHop(source: Headers): Headers {
  const headers = new Headers(source);
  for (const name of HOP_BY_HOP) headers.delete(name);
  return headers;
}

async function exchange(
  request: Request,
  path: string,
  worker: FunctionWorker,
  maxBodyBytes: number,
  ex: Exchange,
): Promise<Response> {
  const port = await worker.port();
  const body = request.body ? limitStream(request.body, maxBodyBytes, ex.onTooLarge) : null;
  const upstream = await fetch(`http://127.0.0.1:${port}${path}${new URL(request.url).search}`, {
    method: request.method,
    headers: withoutHopByHop(request.headers),
    body,
    signal: ex.signal,
    redirect: 'manual',
    // @ts-expect-error Node's fetch needs `duplex` to send a streamed body; lib.dom lacks it.
    duplex: 'half',
  });
  const out = withoutHopByHop(upstream.headers);
  // fetch() has already decoded a compressed body; its length and encoding no longer apply.
  if (out.has('content-encoding')) {
    out.delete('content-encoding');
    out.delete('content-length');
  }
  if (!upstream.body) {
    ex.finish();
    return new Response(null, { status: upstream.status, headers: out });
  }
  return new Response(watchEnd(upstream.body, ex.finish), {
    status: upstream.status,
    headers: out,
  });
}

export async function forward(
  request: Request,
  path: string,
  worker: FunctionWorker,
  options: ProxyOptions,
): Promise<Response> {
  let finished = false;
  // Set from callbacks, read after the await: an object, so the checks below are not narrowed away.
  const state = { tooLarge: false, timedOut: false };
  const aborter = new AbortController();
  const timer = setTimeout(() => {
    state.timedOut = true;
    options.onCrash(`wall clock limit reached (${options.wallClockMs} ms): process ended`);
    worker.kill();
    aborter.abort();
  }, options.wallClockMs);
  timer.unref();
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    options.onDone();
  };
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > options.maxBodyBytes) {
    finish();
    return payloadTooLarge();
  }
  try {
    return await exchange(request, path, worker, options.maxBodyBytes, {
      signal: aborter.signal,
      finish,
      onTooLarge: () => (state.tooLarge = true),
    });
  } catch (error) {
    finish();
    if (state.tooLarge) return payloadTooLarge();
    if (state.timedOut) return workerLimit();
    if (error instanceof BootError) {
      options.onCrash(`failed to boot: ${error.message}`);
      return bootError();
    }
    options.onCrash(
      `the request failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    return workerError();
  }
}
