// The reply e-mail in each locale. German addresses the reader with "Sie", French with "vous".
export type Locale = 'en' | 'de' | 'fr' | 'ar';

export interface EmailStrings {
  subject: string;
  intro: string;
  open: string;
  why: string;
  unsubscribe: string;
}

export const emailStrings: Record<Locale, EmailStrings> = {
  en: {
    subject: '{{author}} replied to your comment on “{{title}}”',
    intro: '{{author}} replied to your comment on “{{title}}”:',
    open: 'Read the reply',
    why: 'You get this e-mail because someone replied to your comment. We send at most one per thread each hour.',
    unsubscribe: 'Stop e-mails about replies',
  },
  de: {
    subject: '{{author}} hat auf Ihren Kommentar zu „{{title}}“ geantwortet',
    intro: '{{author}} hat auf Ihren Kommentar zu „{{title}}“ geantwortet:',
    open: 'Antwort lesen',
    why: 'Sie erhalten diese E-Mail, weil jemand auf Ihren Kommentar geantwortet hat. Wir senden höchstens eine pro Diskussion und Stunde.',
    unsubscribe: 'Keine E-Mails mehr zu Antworten erhalten',
  },
  fr: {
    subject: '{{author}} a répondu à votre commentaire sur « {{title}} »',
    intro: '{{author}} a répondu à votre commentaire sur « {{title}} » :',
    open: 'Lire la réponse',
    why: 'Vous recevez cet e-mail parce que quelqu’un a répondu à votre commentaire. Nous en envoyons au plus un par discussion et par heure.',
    unsubscribe: 'Ne plus recevoir d’e-mails sur les réponses',
  },
  ar: {
    subject: 'ردّ {{author}} على تعليقك على «{{title}}»',
    intro: 'ردّ {{author}} على تعليقك على «{{title}}»:',
    open: 'اقرأ الرد',
    why: 'تصلك هذه الرسالة لأن أحدهم ردّ على تعليقك. نرسل رسالة واحدة على الأكثر لكل نقاش في الساعة.',
    unsubscribe: 'إيقاف رسائل الردود',
  },
};

export function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
