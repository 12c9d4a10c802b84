// Renders auth e-mails from supabase/templates (Go-template syntax, as hosted Supabase reads them)
// and delivers them to the local mailbox instead of SMTP.
import { readFile } from 'node:fs/promises';
import { resolveTemplatePath, type EmailTemplateType, type LocalConfig } from '../config/config.ts';
import type { Log } from '../http/log.ts';
import { FALLBACK_BODIES, FALLBACK_SUBJECTS } from './fallback.ts';
import { renderTemplate } from './go-template.ts';
import type { MailMessage, Mailbox } from './store.ts';
import { htmlToText } from './text.ts';

export interface AuthEmail {
  type: EmailTemplateType;
  to: string;
  /** The template's data: SiteURL, ConfirmationURL, Token, TokenHash, Email, NewEmail, RedirectTo, Data. */
  data: Record<string, unknown>;
}

export interface Mailer {
  send(email: AuthEmail): Promise<MailMessage>;
  readonly mailbox: Mailbox;
}

const SENDER = 'Polyglot Press <noreply@localhost>';

async function readTemplate(config: LocalConfig, type: EmailTemplateType): Promise<string | null> {
  const template = config.auth.email.template[type];
  if (template?.content) return template.content;
  if (!template?.content_path) return null;
  try {
    return await readFile(resolveTemplatePath(template.content_path), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export function createMailer(config: LocalConfig, mailbox: Mailbox, log: Log): Mailer {
  return {
    mailbox,
    async send({ type, to, data }) {
      // Read on every send so that template edits show up without a restart.
      const body = (await readTemplate(config, type)) ?? FALLBACK_BODIES[type];
      const subject = config.auth.email.template[type]?.subject ?? FALLBACK_SUBJECTS[type];
      const html = renderTemplate(body, data, { html: true });
      const message = mailbox.add({
        to,
        from: SENDER,
        subject: renderTemplate(subject, data).trim(),
        html,
        text: htmlToText(html),
        type,
      });
      log(`${type} e-mail to ${to}: ${message.subject}`);
      return message;
    },
  };
}
