import { describe, expect, it } from 'vitest';
import { safeLink } from '../../src/lib/safe-url';

describe('links from content', () => {
  it('keeps http, https and mailto links, marking links that leave the site', () => {
    expect(safeLink('https://unicode.org/reports/tr15/', 'https://press.example')).toEqual({
      href: 'https://unicode.org/reports/tr15/',
      external: true,
    });
    expect(safeLink('https://press.example/de/', 'https://press.example')).toEqual({
      href: 'https://press.example/de/',
      external: false,
    });
    expect(safeLink('mailto:editors@press.example')).toEqual({
      href: 'mailto:editors@press.example',
      external: false,
    });
  });

  it('keeps relative links as written', () => {
    expect(safeLink('/de/articles/x/')).toEqual({ href: '/de/articles/x/', external: false });
    expect(safeLink('#section')).toEqual({ href: '#section', external: false });
    expect(safeLink('../about/')).toEqual({ href: '../about/', external: false });
  });

  it('refuses script and data URLs, however they are disguised', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      expect(safeLink(href), JSON.stringify(href)).toBeNull();
    }
  });

  it('refuses protocol-relative and empty links', () => {
    expect(safeLink('//evil.example/x')).toBeNull();
    expect(safeLink('\\\\evil.example')).toBeNull();
    expect(safeLink('   ')).toBeNull();
  });
});
