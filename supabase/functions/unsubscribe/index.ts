// RFC 8058 one-click unsubscribe from reply e-mails: a mail client POSTs `List-Unsubscribe=One-Click`
// to the URL in the e-mail's List-Unsubscribe header, without signing in (verify_jwt = false in
// config.toml). A GET changes nothing (link scanners fetch links): people use the site's page.
import { serviceClient } from '../_shared/service-client.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

Deno.serve(async (request) => {
  if (request.method !== 'POST') {
    return new Response('Use the link in the e-mail, or POST List-Unsubscribe=One-Click.', {
      status: 405,
      headers: { Allow: 'POST', 'Content-Type': 'text/plain' },
    });
  }
  const token = new URL(request.url).searchParams.get('token') ?? '';
  if (!UUID.test(token)) return new Response('Unknown token', { status: 404 });
  const { data, error } = await serviceClient().rpc('unsubscribe_reply_emails', { token });
  if (error) throw new Error(`unsubscribe_reply_emails: ${error.message}`);
  if (data !== true) return new Response('Unknown token', { status: 404 });
  return new Response('Unsubscribed', { headers: { 'Content-Type': 'text/plain' } });
});
