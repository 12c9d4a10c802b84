// Called by the database webhook on `comments` (migration 20261127130200) for every reply that
// commits: claims the reply's e-mail in the database, which applies every rule (not to oneself, not
// hidden, not suspended, not opted out, one per thread and member an hour), and sends it in the
// recipient's language. Only the backend may call it: the bearer must be the service role key.
import { serviceClient } from '../_shared/service-client.ts';
import { findArticle } from './article-index.ts';
import { composeReplyEmail } from './compose.ts';
import { sendEmail } from './mail.ts';
import { emailStrings, type Locale } from './strings.ts';

interface WebhookPayload {
  type: string;
  table: string;
  record: { id: string; parent_id: string | null } | null;
}

interface Claim {
  recipient_email: string;
  recipient_locale: Locale;
  author_name: string;
  article_key: string;
  reply_body: string;
  reply_language: string;
  unsubscribe_token: string;
}

const FALLBACK_TITLE: Record<Locale, string> = {
  en: 'an article',
  de: 'einem Artikel',
  fr: 'un article',
  ar: 'مقال',
};

Deno.serve(async (request) => {
  const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
  if (request.headers.get('authorization') !== `Bearer ${serviceKey}`) {
    return Response.json({ error: 'only the database webhook may call this' }, { status: 403 });
  }
  const payload = (await request.json()) as WebhookPayload;
  if (payload.type !== 'INSERT' || payload.table !== 'comments' || !payload.record?.parent_id) {
    return Response.json({ sent: false, reason: 'not a reply' });
  }
  const { data, error } = await serviceClient()
    .rpc('claim_reply_notification', { reply: payload.record.id })
    .maybeSingle<Claim>();
  if (error) throw new Error(`claim_reply_notification: ${error.message}`);
  if (!data) return Response.json({ sent: false, reason: 'no e-mail by the rules' });

  const locale = data.recipient_locale in emailStrings ? data.recipient_locale : 'en';
  const siteUrl = Deno.env.get('SITE_URL') ?? 'http://localhost:4321';
  const article = await findArticle(siteUrl, locale, data.article_key);
  const token = encodeURIComponent(data.unsubscribe_token);
  const email = composeReplyEmail({
    to: data.recipient_email,
    locale,
    author: data.author_name,
    title: article.title ?? FALLBACK_TITLE[locale],
    body: data.reply_body,
    bodyLanguage: data.reply_language,
    replyUrl: `${article.url}#comments`,
    unsubscribePageUrl: new URL(`/${locale}/unsubscribe/?token=${token}`, siteUrl).href,
    oneClickUrl: `${Deno.env.get('SUPABASE_URL')}/functions/v1/unsubscribe?token=${token}`,
  });
  await sendEmail(email);
  return Response.json({ sent: true });
});
