// An `http(s)://` hook as GoTrue's hookhttp calls it: a POST of the JSON input signed per Standard
// Webhooks (`webhook-id`, `webhook-timestamp`, `webhook-signature` with one `v1,<sig>` per secret),
// 5 s for the whole call, up to 3 attempts 2 s apart when the endpoint cannot be reached, and again
// at once on 429/503 with `retry-after`. 200/202/204 with a JSON body (at most 200 KB) is the answer.
// Each failure is the API error GoTrue answers the client with (supabase/auth
// internal/hooks/hookhttp/hookhttp.go): 422 `hook_timeout`, `hook_timeout_after_retry` and
// `hook_payload_over_size_limit`, 400 `hook_payload_invalid_content_type`, 500 for an error status.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Webhook } from 'standardwebhooks';
import type { ServiceError } from '../../http/errors.ts';
import { authError, badRequest, unprocessable } from '../errors.ts';

export const HTTP_HOOK_TIMEOUT_MS = 5000;
const ATTEMPTS = 3;
const BACKOFF_MS = 2000;
const RESPONSE_LIMIT = 200 * 1024;

const failure = (message: string) => authError(500, 'unexpected_failure', message);

function signatures(secrets: string, id: string, at: Date, body: string): string {
  return secrets
    .split('|')
    .map((secret) => new Webhook(secret.slice('v1,'.length)).sign(id, at, body))
    .join(', ');
}

async function answer(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (type === '') {
    if (response.status === 204) return null;
    throw badRequest(
      'hook_payload_invalid_content_type',
      'Invalid Content-Type: Missing Content-Type header',
    );
  }
  if (type.split(';')[0]?.trim().toLowerCase() !== 'application/json') {
    throw badRequest(
      'hook_payload_invalid_content_type',
      `Invalid JSON response. Received content-type: ${type}`,
    );
  }
  const body = await response.text();
  if (Buffer.byteLength(body) > RESPONSE_LIMIT) {
    throw unprocessable(
      'hook_payload_over_size_limit',
      `Payload size exceeded size limit of ${RESPONSE_LIMIT} bytes`,
    );
  }
  try {
    return body === '' ? null : (JSON.parse(body) as unknown);
  } catch (error) {
    throw Object.assign(failure('Error unmarshaling JSON output.'), { cause: error });
  }
}

function statusError(status: number): ServiceError {
  if (status === 400) return failure('Invalid payload sent to hook');
  if (status === 401) return failure('Hook requires authorization token');
  if (status === 429 || status === 503) return failure('Service currently unavailable due to hook');
  return failure(`Unexpected status code returned from hook: ${status}`);
}

// Go's %f: GoTrue says "5.000000 seconds".
const timedOut = () =>
  unprocessable(
    'hook_timeout',
    `Failed to reach hook within maximum time of ${(HTTP_HOOK_TIMEOUT_MS / 1000).toFixed(6)} seconds`,
  );

/**
 * The Supabase CLI's configs name the host's services `host.docker.internal` (auth runs in a
 * container there); here auth runs on the host, so that name is the loopback address.
 */
function onThisHost(uri: string): string {
  const url = new URL(uri);
  if (url.hostname === 'host.docker.internal') url.hostname = '127.0.0.1';
  return url.toString();
}

/** The endpoint's answer (null for an empty 204); throws GoTrue's API error when the call fails. */
export async function callHttpHook(uri: string, secrets: string, input: unknown): Promise<unknown> {
  const target = onThisHost(uri);
  const deadline = AbortSignal.timeout(HTTP_HOOK_TIMEOUT_MS);
  const body = JSON.stringify(input);
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const id = randomUUID();
    const at = new Date();
    let response: Response;
    try {
      response = await fetch(target, {
        method: 'POST',
        body,
        signal: deadline,
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
          'webhook-signature': signatures(secrets, id, at, body),
        },
      });
    } catch (error) {
      if (deadline.aborted) throw timedOut();
      if (attempt === ATTEMPTS - 1) {
        throw Object.assign(
          unprocessable('hook_timeout_after_retry', 'Failed to reach hook after maximum retries'),
          { cause: error },
        );
      }
      await sleep(BACKOFF_MS, undefined, { signal: deadline }).catch(() => {
        throw timedOut();
      });
      continue;
    }
    const { status } = response;
    if (status === 200 || status === 202 || status === 204) {
      return answer(response).catch((error: unknown) => {
        if (deadline.aborted) throw timedOut();
        throw error;
      });
    }
    await response.body?.cancel();
    if ((status === 429 || status === 503) && response.headers.get('retry-after')) continue;
    throw statusError(status);
  }
  throw failure('Service currently unavailable due to hook');
}
