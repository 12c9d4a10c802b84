// One pg_net request over HTTP, and what net._http_response records of it.

export interface QueuedRequest {
  id: number;
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  /** base64, or null without a body. */
  body: string | null;
  timeoutMs: number;
}

export interface SendResult {
  status: number | null;
  contentType: string | null;
  headers: Record<string, string> | null;
  content: string | null;
  timedOut: boolean;
  error: string | null;
}

function failure(error: string, timedOut = false): SendResult {
  return { status: null, contentType: null, headers: null, content: null, timedOut, error };
}

/** curl's words for the failures pg_net reports (pg_net sends with libcurl). */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause?.code;
  if (cause === 'ECONNREFUSED') return "Couldn't connect to server";
  if (cause === 'ENOTFOUND' || cause === 'EAI_AGAIN') return "Couldn't resolve host name";
  return error instanceof Error ? error.message : String(error);
}

export async function sendRequest(request: QueuedRequest, stop: AbortSignal): Promise<SendResult> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body === null ? null : Buffer.from(request.body, 'base64'),
      signal: AbortSignal.any([stop, timeout]),
    });
    const content = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      headers: Object.fromEntries(response.headers),
      content,
      timedOut: false,
      error: null,
    };
  } catch (error) {
    if (stop.aborted) throw error;
    if (timeout.aborted) return failure(`Timeout of ${request.timeoutMs} ms reached`, true);
    return failure(describe(error));
  }
}
