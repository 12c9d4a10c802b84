import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { evaluate, parse } from 'groq-js';

export interface SanityApiServer {
  /** `http://127.0.0.1:<port>`, for the client's `apiHost`. */
  url: string;
  /** Every request the server answered, to check how the client called it. */
  requests: { method: string; path: string; perspective: string | null }[];
  close(): Promise<void>;
}

interface Options {
  dataset: string;
  documents: readonly { _id: string }[];
}

/**
 * A loopback stand-in for Sanity's query API (`/v{apiVersion}/data/query/{dataset}`): GET with
 * `?query=…&$param=<JSON>`, POST with `{query, params}`, answers `{ms, query, result}`, and
 * `400 {error: {type: 'queryParseError', …}}` for GROQ that does not parse. It holds documents
 * the way hosted Sanity does (drafts included, assets as `sanity.imageAsset` documents) and
 * applies the perspective itself, independently of the code under test.
 */
export async function startSanityApiServer({
  dataset,
  documents,
}: Options): Promise<SanityApiServer> {
  const requests: SanityApiServer['requests'] = [];
  const route = new RegExp(`^/v(\\d{4}-\\d{2}-\\d{2}|1)/data/query/${dataset}$`);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!route.test(url.pathname)) {
      send(res, 404, { error: { type: 'notFound', description: url.pathname } });
      return;
    }
    const perspective = url.searchParams.get('perspective');
    requests.push({ method: req.method ?? '', path: url.pathname, perspective });

    let query: string;
    let params: Record<string, unknown> = {};
    if (req.method === 'POST') {
      const body = JSON.parse(await readBody(req)) as {
        query: string;
        params?: Record<string, unknown>;
      };
      query = body.query;
      params = body.params ?? {};
    } else {
      query = url.searchParams.get('query') ?? '';
      for (const [name, value] of url.searchParams) {
        if (name.startsWith('$')) params[name.slice(1)] = JSON.parse(value);
      }
    }

    const started = performance.now();
    let tree;
    try {
      tree = parse(query, { params });
    } catch (error) {
      const { message, position } = error as Error & { position?: number };
      send(res, 400, {
        error: {
          type: 'queryParseError',
          description: message,
          start: position ?? 0,
          end: position ?? 0,
          query,
        },
      });
      return;
    }
    // Since API version 2025-02-19 `published` is the default perspective.
    const visible =
      perspective === 'raw' ? documents : documents.filter((doc) => !doc._id.startsWith('drafts.'));
    const result: unknown = await (await evaluate(tree, { dataset: visible, params })).get();
    send(res, 200, { ms: Math.round(performance.now() - started), query, result });
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      send(res, 500, { error: { description: String(error) } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    close: () =>
      new Promise((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
