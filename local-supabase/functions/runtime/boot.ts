// Runs under Deno, one process per Edge Function (functions/worker.ts starts it). It imports the
// function's entrypoint with Deno.serve() redirected to a free loopback port, and prints that port on
// a marked line so that the local backend can proxy /functions/v1/<name> to it. Type-checked by Deno
// (`deno check`), not by the project's tsconfig.

/** The first line the local backend waits for: the marker, then the port. */
const READY_MARKER = '\u0000local-supabase-function-listening ';

type Handler = (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>;
type ServeArgs = [Handler] | [{ handler?: Handler }] | [Record<string, unknown>, Handler];

function handlerOf(args: ServeArgs): Handler {
  const [first, second] = args;
  if (typeof first === 'function') return first;
  if (typeof second === 'function') return second;
  const handler = (first as { handler?: Handler }).handler;
  if (typeof handler !== 'function')
    throw new TypeError('Deno.serve() was called without a handler');
  return handler;
}

const serve = Deno.serve.bind(Deno);
let served = false;
// The function's own port, hostname and onListen are replaced: only the local backend reaches it.
Object.defineProperty(Deno, 'serve', {
  configurable: true,
  value: (...args: ServeArgs) => {
    if (served) throw new Error('Deno.serve() may be called once per function');
    served = true;
    return serve(
      {
        hostname: '127.0.0.1',
        port: 0,
        onListen: ({ port }) => console.log(`${READY_MARKER}${port}`),
        // An exception out of the handler: logged, and answered as the hosted runtime answers it.
        onError: (error) => {
          console.error(error);
          return Response.json(
            {
              code: 'WORKER_ERROR',
              message: 'Function exited due to an error (please check logs)',
            },
            { status: 500 },
          );
        },
      },
      handlerOf(args),
    );
  },
});

// Hosted Edge Functions offer EdgeRuntime.waitUntil() for work after the answer; here the process
// simply lives on, so the promise runs to its end.
Object.defineProperty(globalThis, 'EdgeRuntime', {
  configurable: true,
  value: { waitUntil: (promise: Promise<unknown>) => void promise.catch(console.error) },
});

// The backend holds this process's stdin open; when the backend ends in any way (even a kill that
// leaves it no time to stop its children), the pipe closes and the function ends with it.
(async () => {
  for await (const _ of Deno.stdin.readable) {
    // Nothing is sent; only the end of the stream matters.
  }
  Deno.exit(0);
})();

const [entrypoint] = Deno.args;
if (!entrypoint) throw new Error('boot.ts needs the function entrypoint URL');
await import(entrypoint);
if (!served) throw new Error('the function never called Deno.serve()');
