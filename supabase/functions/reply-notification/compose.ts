// The reply e-mail: the reply's text, a link to it, and the unsubscribe link and headers (RFC 8058
// one-click: a mail client POSTs `List-Unsubscribe=One-Click` to the header's URL).
import { emailStrings, fill, type Locale } from './strings.ts';
import type { Email } from './mail.ts';

export interface Reply {
  to: string;
  locale: Locale;
  author: string;
  title: string;
  body: string;
  bodyLanguage: string;
  replyUrl: string;
  unsubscribePageUrl: string;
  oneClickUrl: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function composeReplyEmail(reply: Reply): Email {
  const strings = emailStrings[reply.locale];
  const values = { author: reply.author, title: reply.title };
  const dir = reply.locale === 'ar' ? 'rtl' : 'ltr';
  const bodyDir = reply.bodyLanguage === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html>
<html lang="${reply.locale}" dir="${dir}"><body>
<p>${escape(fill(strings.intro, values))}</p>
<blockquote lang="${escape(reply.bodyLanguage)}" dir="${bodyDir}">${escape(reply.body).replace(/\n/g, '<br>')}</blockquote>
<p><a href="${escape(reply.replyUrl)}">${escape(strings.open)}</a></p>
<hr>
<p><small>${escape(strings.why)} <a href="${escape(reply.unsubscribePageUrl)}">${escape(strings.unsubscribe)}</a></small></p>
</body></html>`;
  const text = [
    fill(strings.intro, values),
    '',
    reply.body,
    '',
    `${strings.open}: ${reply.replyUrl}`,
    '',
    '--',
    strings.why,
    `${strings.unsubscribe}: ${reply.unsubscribePageUrl}`,
  ].join('\n');
  return {
    to: reply.to,
    subject: fill(strings.subject, values),
    html,
    text,
    headers: {
      'List-Unsubscribe': `<${reply.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
