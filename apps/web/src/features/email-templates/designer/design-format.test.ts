/** @vitest-environment jsdom */
// DOMParser: how the designer splits a mail document.
import { describe, expect, it } from 'vitest';
import { packDesign, unpackDesign } from './design-format';
import { mailDocument, mailImageUrl, splitMailDocument } from './mail-export';

/** Depth of a JSON value as the API's body guard counts it (an object or array is one level). */
function depth(value: unknown): number {
  if (!value || typeof value !== 'object') return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depth));
}

/** A GrapesJS project whose mail nests tables `levels` deep, as a designed mail does. */
function project(levels: number) {
  let inner: Record<string, unknown> = { type: 'text', content: 'Dear {{name}}', attributes: { id: 'deep' } };
  for (let i = 0; i < levels; i++) {
    inner = { tagName: i % 2 ? 'td' : 'table', attributes: { id: `c${i}` }, components: [inner, { type: 'textnode', content: `row ${i}` }] };
  }
  return {
    assets: [{ type: 'image', src: '/uploads/a.webp' }],
    styles: [{ selectors: ['#c1'], style: { padding: '24px' } }],
    pages: [{ id: 'p1', frames: [{ component: { type: 'wrapper', components: [inner] } }] }],
    symbols: [],
    dataSources: [],
  };
}

describe('the stored form of a design', () => {
  it('reloads exactly the project JSON that was saved', () => {
    const original = project(25);
    const stored = JSON.parse(JSON.stringify(packDesign(original)));
    expect(unpackDesign(stored)).toEqual(original);
  });

  it('stays under the API body depth of 32 however deep the mail nests', () => {
    const deep = project(60);
    expect(depth(deep)).toBeGreaterThan(100);
    expect(depth({ design: packDesign(deep) })).toBeLessThanOrEqual(12);
  });

  it('takes a design saved as plain project JSON as it is', () => {
    const plain = { pages: [{ frames: [{ component: { type: 'wrapper', components: [] } }] }] };
    expect(unpackDesign(plain)).toBe(plain);
  });

  it('survives a damaged design: a reference used twice or missing becomes empty text, never a loop', () => {
    const stored = packDesign(project(2));
    (stored.nodes[1] as { components: { $nodes: number[] } }).components.$nodes.push(0, 999);
    const loaded = JSON.stringify(unpackDesign(stored as unknown as Record<string, unknown>));
    expect(loaded).toContain('Dear {{name}}');
  });
});

describe('the exported mail', () => {
  it('is a whole document with the CSS in its head and the language on <html>', () => {
    const doc = mailDocument('<body id="w"><p>Hi {{name}}</p></body>', '#w{background:#fff}', 'bn');
    expect(doc).toMatch(/^<!doctype html>\n<html lang="bn">/);
    expect(doc).toContain('<style>#w{background:#fff}</style></head><body id="w"><p>Hi {{name}}</p></body></html>');
    expect(mailDocument('<p>x</p>', '', 'en')).toContain('</head><body><p>x</p></body>');
  });

  it("splits a whole built-in mail into the canvas's content and the body's look", () => {
    const { body, bodyStyle } = splitMailDocument(
      '<!doctype html><html><body style="margin:0;background:#f4f1ea;color:#1f2933"><table><tr><td>{{name}}</td></tr></table></body></html>',
    );
    expect(body).toBe('<table><tbody><tr><td>{{name}}</td></tr></tbody></table>');
    expect(bodyStyle).toEqual({ margin: '0', background: '#f4f1ea', color: '#1f2933' });
    expect(splitMailDocument('<p>only a part</p>')).toEqual({ body: '<p>only a part</p>', bodyStyle: {} });
  });

  it("puts an uploaded picture's 640 px variant in the mail, as an absolute address", () => {
    const image = { url: '/uploads/2026/11/x-1280.webp', variants: [{ width: 320, url: '/uploads/2026/11/x-320.webp' }, { width: 640, url: '/uploads/2026/11/x-640.webp' }] };
    expect(mailImageUrl(image, 'https://hotel.example')).toBe('https://hotel.example/uploads/2026/11/x-640.webp');
    expect(mailImageUrl({ url: '/uploads/y.webp' }, 'http://127.0.0.1:3225')).toBe('http://127.0.0.1:3225/uploads/y.webp');
  });
});
