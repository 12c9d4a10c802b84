// The publication addresses its German readers with "Sie" (docs/translation.md). The sign-in
// dialog, the account page and the e-mails once said "du" while comments, search and moderation
// said "Sie"; this keeps every German UI string, e-mail template and e-mail subject on one register.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { uiStrings } from '../../src/i18n/translator';

const supabaseDir = fileURLToPath(new URL('../../supabase/', import.meta.url));
const templatesDir = `${supabaseDir}templates/`;

/** Pronouns, possessives and verb forms that only exist when the reader is a "du" (or "ihr"). */
const informalWords =
  /(?<!\p{L})(du|dich|dir|dein|deine|deinem|deinen|deiner|deines|euch|euer|eure|eurem|euren|eurer|eures|bist|hast|kannst|wirst|willst|musst|möchtest|warst|darfst|solltest)(?!\p{L})/giu;

/**
 * "du" imperatives the German files used ("Melde dich an", "Prüfe …", "Gib … ein"). Lower case
 * anywhere ("und versuche es erneut"); capitalised only where a sentence or a quotation starts,
 * so that the noun in "Zu viele Versuche" is not one. The polite form ("Prüfen Sie") differs.
 */
const imperativeStems = [
  'ändere',
  'bestätige',
  'drücke',
  'ernenne',
  'fordere',
  'gib',
  'ignoriere',
  'lade',
  'melde',
  'öffne',
  'prüfe',
  'schalte',
  'setze',
  'verwende',
  'versuche',
  'wähle',
  'warte',
  'klicke',
  'tippe',
  'schreibe',
  'sieh',
  'nimm',
  'lies',
  'hilf',
  'probiere',
  'aktiviere',
  'kehre',
];
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const informalImperatives = new RegExp(
  `(?<!\\p{L})(?:${imperativeStems.join('|')})(?!\\p{L})|(?<=^|[.!?:;]\\s+|[„"(])(?:${imperativeStems.map(capitalised).join('|')})(?!\\p{L})`,
  'gu',
);

/** Every informal form in a text, in the order they appear. */
function informalForms(text: string): string[] {
  return [...text.matchAll(informalWords), ...text.matchAll(informalImperatives)]
    .sort((a, b) => a.index - b.index)
    .map((match) => match[0]);
}

/** The German branch (`{{ if eq .Data.locale "de" }} … {{ else`) of a Go template or subject. */
function germanBranch(template: string): string {
  const match = /\{\{\s*if eq \.Data\.locale "de"\s*\}\}([\s\S]*?)\{\{\s*else/.exec(template);
  return match?.[1] ?? '';
}

/** What a reader sees or hears of an HTML e-mail: text, titles and accessible names, no markup. */
function readableText(html: string): string {
  const labels = [...html.matchAll(/\s(?:aria-label|title|alt)="([^"]*)"/g)].map((m) => m[1]);
  const text = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
  return [...labels, text].join('\n');
}

const templates = readdirSync(templatesDir)
  .filter((file) => file.endsWith('.html'))
  .map((file) => ({
    name: file,
    text: readableText(germanBranch(readFileSync(`${templatesDir}${file}`, 'utf8'))),
  }));

const config = parseToml(readFileSync(`${supabaseDir}config.toml`, 'utf8')) as {
  auth: { email: { template: Record<string, { subject?: string }> } };
};
const subjects = Object.entries(config.auth.email.template).map(([name, template]) => ({
  name,
  text: germanBranch(template.subject ?? ''),
}));

describe('German addresses the reader with "Sie"', () => {
  it('reads the German of every template and subject', () => {
    expect(templates.map((template) => template.name)).toContain('magic_link.html');
    expect(subjects.map((subject) => subject.name)).toContain('magic_link');
    for (const { name, text } of [...templates, ...subjects]) {
      expect(text.trim(), name).not.toBe('');
    }
  });

  it('finds the informal forms it looks for', () => {
    expect(informalForms('Melde dich an und prüfe deine Daten.')).toEqual([
      'Melde',
      'dich',
      'prüfe',
      'deine',
    ]);
    expect(informalForms('Bitte warte kurz. Gib den Code ein.')).toEqual(['warte', 'Gib']);
    expect(informalForms('Zu viele Versuche. Melden Sie sich an; <span dir="ltr">')).toEqual([
      'dir',
    ]);
  });

  it('in every UI string', () => {
    const found = Object.entries(uiStrings.de)
      .map(([key, text]) => [key, informalForms(text)] as const)
      .filter(([, forms]) => forms.length > 0);
    expect(Object.fromEntries(found)).toEqual({});
  });

  it('in every e-mail template', () => {
    const found = templates
      .map(({ name, text }) => [name, informalForms(text)] as const)
      .filter(([, forms]) => forms.length > 0);
    expect(Object.fromEntries(found)).toEqual({});
  });

  it('in every e-mail subject', () => {
    const found = subjects
      .map(({ name, text }) => [name, informalForms(text)] as const)
      .filter(([, forms]) => forms.length > 0);
    expect(Object.fromEntries(found)).toEqual({});
  });
});
