// The stand-in's HTTP server: its own sign-in pages at `<realm>/interaction/<uid>`, everything else
// handed to oidc-provider with the realm's path taken off (as a mounted Koa app sees it).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { DEMO_PASSWORD, findPersonByEmail } from './people.ts';
import { renderErrorPage, renderLoginPage } from './pages.ts';
import { KEYCLOAK_ROUTES } from './provider.ts';

const MAX_FORM_BYTES = 16 * 1024;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) {
    text += String(chunk);
    if (text.length > MAX_FORM_BYTES) break;
  }
  return new URLSearchParams(text);
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  res.end(html);
}

async function showLogin(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  form?: URLSearchParams,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  sendHtml(
    res,
    form ? 401 : 200,
    renderLoginPage({
      uiLocales: details.params['ui_locales'],
      action: `${base}/login`,
      cancelAction: `${base}/abort`,
      email: form?.get('email') ?? (details.params['login_hint'] as string | undefined) ?? '',
      failed: form !== undefined,
      password: DEMO_PASSWORD,
    }),
  );
}

async function handleInteraction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  base: string,
  action: string | undefined,
): Promise<void> {
  if (req.method === 'GET' && action === undefined) return showLogin(provider, req, res, base);
  if (req.method !== 'POST') {
    sendHtml(res, 405, 'Method Not Allowed');
    return;
  }
  const form = await readForm(req);
  if (action === 'abort') {
    return provider.interactionFinished(
      req,
      res,
      { error: 'access_denied', error_description: 'End-User aborted interaction' },
      { mergeWithLastSubmission: false },
    );
  }
  const person = findPersonByEmail(form.get('email') ?? '');
  if (!person || form.get('password') !== DEMO_PASSWORD) {
    return showLogin(provider, req, res, base, form);
  }
  return provider.interactionFinished(
    req,
    res,
    { login: { accountId: person.sub, remember: false } },
    { mergeWithLastSubmission: false },
  );
}

/** A request handler for the realm at `realmPath`. */
export function createHandler(provider: Provider, realmPath: string) {
  const callback = provider.callback();
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname !== realmPath && !url.pathname.startsWith(`${realmPath}/`)) {
      sendHtml(res, 404, 'Not Found');
      return;
    }
    const inner = url.pathname.slice(realmPath.length) || '/';
    const interaction = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(inner);
    try {
      if (interaction) {
        const base = `${realmPath}/interaction/${interaction[1] ?? ''}`;
        await handleInteraction(provider, req, res, base, interaction[2]);
        return;
      }
      // The form on every request (Keycloak's prompt=login), unless the client chose a prompt.
      if (inner === KEYCLOAK_ROUTES.authorization && !url.searchParams.has('prompt')) {
        url.searchParams.set('prompt', 'login');
      }
      Object.assign(req, { originalUrl: `${url.pathname}${url.search}` });
      req.url = `${inner}${url.search}`;
      await callback(req, res);
    } catch (error) {
      // An expired or unknown interaction (its cookie gone): oidc-provider's own error names it.
      const name = error instanceof Error ? error.name : 'Error';
      if (!res.headersSent) {
        sendHtml(res, 400, renderErrorPage(undefined, name, (error as Error).message));
      }
    }
  };
}
