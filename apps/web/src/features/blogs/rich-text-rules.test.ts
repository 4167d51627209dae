import { describe, expect, it } from 'vitest';
import { normalizeLink, richTextValue } from './rich-text-rules';

describe('normalizeLink: what the editor stores as a link', () => {
  it('keeps site paths, anchors, http(s), mailto and tel links as typed', () => {
    for (const link of ['/events', '#rooms', 'https://example.com/a?b=1', 'http://example.com', 'mailto:desk@hotel.bd', 'tel:+8801700000000']) {
      expect(normalizeLink(`  ${link} `)).toBe(link);
    }
  });

  it('puts https:// before a bare domain', () => {
    expect(normalizeLink('example.com/menu')).toBe('https://example.com/menu');
  });

  it('refuses script and data links, protocol-relative links and words', () => {
    for (const link of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', '//evil.example', 'vbscript:x', 'not a link', 'hello']) {
      expect(normalizeLink(link), link).toBeNull();
    }
  });

  it('an empty field removes the link', () => {
    expect(normalizeLink('   ')).toBe('');
  });
});

describe('richTextValue: an editor with nothing written is empty', () => {
  it('empty paragraphs and spaces are nothing', () => {
    expect(richTextValue('<p></p>')).toBe('');
    expect(richTextValue('<p> &nbsp; </p><p></p>')).toBe('');
  });

  it('text or a picture is something, kept as HTML', () => {
    expect(richTextValue('<p>Hi</p>')).toBe('<p>Hi</p>');
    expect(richTextValue('<p><img src="/a.webp"></p>')).toBe('<p><img src="/a.webp"></p>');
  });
});
