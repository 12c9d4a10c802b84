// The stand-in identity provider's HTTP routes: its metadata, the sign-in the service provider sends
// people to (HTTP-Redirect binding), the signed response posted back (HTTP-POST binding), and a test
// seam to change a person's groups.
import { inflateRawSync } from 'node:zlib';
import { DOMParser } from '@xmldom/xmldom';
import { Hono } from 'hono';
import { renderNoRequestPage, renderPostPage, renderSignInPage } from './page.ts';
import { DEMO_PASSWORD, type StaffMember } from './people.ts';
import { signedResponse, standInMetadata } from './response.ts';
import { pickLocale } from './strings.ts';

export interface StandInAppOptions {
  /** The stand-in's own URL (its sign-in address goes into the metadata). */
  url: () => string;
  /** The local API's URL: the only service provider it answers. */
  apiUrl: string;
  staff: StaffMember[];
}

/**
 * An AuthnRequest is under 1 KB. The stand-in runs on the backend's event loop, so a request that
 * inflates past this (a few KB of query can hold megabytes of deflated XML, which xmldom reads in
 * time that grows faster than its length) is not inflated further and counts as no request.
 */
const MAX_REQUEST_XML_BYTES = 4096;

/** The AuthnRequest's ID, from the deflated, base64 SAMLRequest of the redirect binding. */
function requestIdOf(samlRequest: string): string {
  try {
    const xml = inflateRawSync(Buffer.from(samlRequest, 'base64'), {
      maxOutputLength: MAX_REQUEST_XML_BYTES,
    }).toString('utf8');
    const root = new DOMParser({ errorHandler: () => undefined }).parseFromString(
      xml,
      'application/xml',
    ).documentElement as Element | null;
    return root?.localName === 'AuthnRequest' ? (root.getAttribute('ID') ?? '') : '';
  } catch {
    return '';
  }
}

export function createStandInApp(options: StandInAppOptions): Hono {
  const app = new Hono();
  const acsUrl = `${options.apiUrl}/auth/v1/sso/saml/acs`;
  const audience = `${options.apiUrl}/auth/v1/sso/saml/metadata`;
  const locale = (requested: string | undefined, accept: string | undefined) =>
    pickLocale(requested, accept);
  const page = (lang: string, requestId: string, relayState: string, extra = {}) =>
    renderSignInPage({
      locale: locale(lang, undefined),
      requestId,
      relayState,
      staff: options.staff,
      password: DEMO_PASSWORD,
      ...extra,
    });

  app.get('/metadata', (c) => {
    c.header('Content-Type', 'application/xml');
    return c.body(standInMetadata(`${options.url()}/sso`));
  });
  app.get('/', (c) =>
    c.html(renderNoRequestPage(locale(c.req.query('lang'), c.req.header('accept-language')))),
  );
  app.get('/sso', (c) => {
    const lang = locale(c.req.query('lang'), c.req.header('accept-language'));
    const requestId = requestIdOf(c.req.query('SAMLRequest') ?? '');
    if (!requestId) return c.html(renderNoRequestPage(lang), 400);
    return c.html(page(lang, requestId, c.req.query('RelayState') ?? ''));
  });
  app.get('/sso/login', (c) =>
    c.html(
      page(
        c.req.query('lang') ?? 'en',
        c.req.query('request') ?? '',
        c.req.query('RelayState') ?? '',
      ),
    ),
  );
  app.post('/sso/login', async (c) => {
    const form = await c.req.parseBody();
    const text = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
    const lang = locale(text('lang'), undefined);
    const email = text('email').trim().toLowerCase();
    const person = options.staff.find((member) => member.email === email);
    if (!person || text('password') !== DEMO_PASSWORD) {
      return c.html(page(lang, text('request'), text('RelayState'), { email, error: true }), 401);
    }
    const xml = signedResponse({
      audience,
      recipient: acsUrl,
      ...(text('request') ? { inResponseTo: text('request') } : {}),
      nameId: person.id,
      attributes: {
        email: [person.email],
        name: [person.name],
        groups: person.groups,
      },
    });
    return c.html(
      renderPostPage(lang, acsUrl, Buffer.from(xml).toString('base64'), text('RelayState')),
    );
  });
  app.get('/people', (c) => c.json(options.staff));
  // Test seam: a person's groups, as an administrator would change them in the directory.
  app.post('/people/:email/groups', async (c) => {
    const person = options.staff.find((member) => member.email === c.req.param('email'));
    if (!person) return c.json({ message: 'No such person' }, 404);
    const body: unknown = await c.req.json().catch(() => null);
    const groups = (body as { groups?: unknown } | null)?.groups;
    if (!Array.isArray(groups) || !groups.every((group) => typeof group === 'string')) {
      return c.json({ message: 'groups must be a list of strings' }, 400);
    }
    person.groups = groups;
    return c.json(person);
  });
  return app;
}
