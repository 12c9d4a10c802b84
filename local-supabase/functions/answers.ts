// What the Edge Functions gateway answers itself, in the words and codes of the Supabase CLI's
// functions gateway (internal/functions/serve/templates/main.ts) and the hosted edge runtime.

function json(body: unknown, status: number): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const functionNotFound = (): Response =>
  new Response('Function not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });

/** verify_jwt refused the request: no header, not `Bearer …`, or a token that does not verify. */
export function unauthorized(problem: 'missing' | 'not_bearer' | 'invalid'): Response {
  const msg = {
    missing: 'Error: Missing authorization header',
    not_bearer: "Error: Auth header is not 'Bearer {token}'",
    invalid: 'Invalid JWT',
  }[problem];
  return json({ msg }, 401);
}

/** The function's process could not start (a syntax error, a failed import, no Deno.serve()). */
export const bootError = (): Response =>
  json({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' }, 503);

/** The process ended while the request was in it (a crash, Deno.exit()). */
export const workerError = (): Response =>
  json(
    { code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' },
    500,
  );

/** The wall-clock limit ended the function before it answered. */
export const workerLimit = (): Response =>
  json(
    {
      code: 'WORKER_LIMIT',
      message: 'Worker failed to respond due to a resource limit (please check logs)',
    },
    546,
  );

/** A request body over the limit (the API's body limit, `[storage] file_size_limit` or 1 MiB). */
export const payloadTooLarge = (): Response =>
  json({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body too large' }, 413);
