import { describe, expect, it } from 'vitest';
import { renderTemplate, TemplateError } from '../../../local-supabase/mailbox/go-template.ts';

const LOCALIZED =
  '{{ if eq .Data.locale "de" }}Hallo{{ else if eq .Data.locale "fr" }}Bonjour{{ else }}Hello{{ end }}, {{ .Email }}';

describe('the Go-template subset Supabase e-mail templates use', () => {
  it('picks the branch for the user’s locale and falls back to the last one', () => {
    expect(renderTemplate(LOCALIZED, { Data: { locale: 'de' }, Email: 'a@b.test' })).toBe(
      'Hallo, a@b.test',
    );
    expect(renderTemplate(LOCALIZED, { Data: { locale: 'fr' }, Email: 'a@b.test' })).toBe(
      'Bonjour, a@b.test',
    );
    expect(renderTemplate(LOCALIZED, { Data: {}, Email: 'a@b.test' })).toBe('Hello, a@b.test');
  });

  it('escapes inserted values in HTML so a display name cannot inject markup', () => {
    const html = renderTemplate(
      '<p>{{ .Data.name }}</p><a href="{{ .ConfirmationURL }}">x</a>',
      {
        Data: { name: '<script>alert(1)</script>' },
        ConfirmationURL: 'http://localhost:4321/en/auth/confirm/?token_hash=abc&type=email',
      },
      { html: true },
    );
    expect(html).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p><a href="http://localhost:4321/en/auth/confirm/?token_hash=abc&amp;type=email">x</a>',
    );
  });

  it('supports ne, not, and, or, trim markers and comments', () => {
    const data = { A: 'x', B: '', Data: { locale: 'ar' } };
    expect(renderTemplate('{{ if ne .A "y" }}ne{{ end }}', data)).toBe('ne');
    expect(renderTemplate('{{ if not .B }}empty{{ end }}', data)).toBe('empty');
    expect(renderTemplate('{{ if and .A (eq .Data.locale "ar") }}both{{ end }}', data)).toBe(
      'both',
    );
    expect(renderTemplate('{{ if or .B .A }}either{{ end }}', data)).toBe('either');
    expect(renderTemplate('a  {{- /* note */ -}}  b', data)).toBe('ab');
  });

  it('prints nothing for a missing value, as html/template does', () => {
    expect(renderTemplate('[{{ .Data.missing }}]', { Data: {} })).toBe('[]');
  });

  it('reports a template it cannot render instead of sending a broken e-mail', () => {
    expect(() => renderTemplate('{{ if .A }}open', {})).toThrow(TemplateError);
    expect(() => renderTemplate('{{ printf "%s" .A }}', {})).toThrow(
      /unsupported function "printf"/,
    );
    expect(() => renderTemplate('{{ end }}', {})).toThrow(TemplateError);
  });
});
