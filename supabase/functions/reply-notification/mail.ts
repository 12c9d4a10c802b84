// Sends one e-mail through the mail API named by MAIL_API_URL (Resend's `POST /emails` shape:
// {from, to, subject, html, text, headers}, with `Authorization: Bearer MAIL_API_KEY`). The local
// backend points MAIL_API_URL at its mailbox; hosted projects set it, the key and MAIL_FROM as secrets.

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

export async function sendEmail(email: Email): Promise<void> {
  const url = Deno.env.get('MAIL_API_URL');
  if (!url) throw new Error('MAIL_API_URL is not set');
  const key = Deno.env.get('MAIL_API_KEY');
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
    },
    body: JSON.stringify({
      from: Deno.env.get('MAIL_FROM') ?? 'Polyglot Press <notifications@polyglot.press>',
      ...email,
    }),
  });
  if (!response.ok) {
    throw new Error(`the mail API answered ${response.status}: ${await response.text()}`);
  }
}
