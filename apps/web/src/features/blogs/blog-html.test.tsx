import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlogHtml, blogExcerpt, decodeEntities, parseBlogHtml } from './blog-html';

const html = (source: string) => renderToStaticMarkup(<BlogHtml html={source} />);

describe("a post's description, rendered without innerHTML", () => {
  it('keeps the allowed structure: headings, paragraphs, lists, emphasis, links, pictures, quotes, code', () => {
    const source =
      '<h2>Old Dhaka</h2><p>Take a <strong>boat</strong> at <em>Sadarghat</em> &amp; walk to <a href="https://example.com/x" rel="noopener noreferrer">Ahsan Manzil</a>.</p>' +
      '<ul><li>Lalbagh</li><li><a href="/events">Our halls</a></li></ul><ol start="3"><li>three</li></ol>' +
      '<p><img src="/uploads/2026/11/a.webp" alt="The river" width="1280" height="853"></p><blockquote>Quiet</blockquote><pre><code class="language-ts">a &lt; b</code></pre><hr><p>a<br>b</p>';
    expect(html(source)).toBe(
      '<div><h2>Old Dhaka</h2><p>Take a <strong>boat</strong> at <em>Sadarghat</em> &amp; walk to <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">Ahsan Manzil</a>.</p>' +
        '<ul><li>Lalbagh</li><li><a href="/events">Our halls</a></li></ul><ol start="3"><li>three</li></ol>' +
        '<p><img src="/uploads/2026/11/a.webp" alt="The river" loading="lazy" decoding="async" width="1280" height="853"/></p><blockquote>Quiet</blockquote><pre><code>a &lt; b</code></pre><hr/><p>a<br/>b</p></div>',
    );
  });

  it('never lets code, handlers, styles or javascript: addresses through (even if the server missed them)', () => {
    const source =
      '<p onclick="alert(1)" style="color:red">Hi<script>alert(2)</script></p><img src=x onerror=alert(3)>' +
      '<a href="javascript:alert(4)">link</a><a href="  JaVaScRiPt:alert(5)">b</a><a href="data:text/html,x">c</a>' +
      '<iframe src="https://evil.example"></iframe><svg><script>alert(6)</script></svg><style>body{display:none}</style>' +
      '<img src="javascript:alert(7)"><img src="//evil.example/x.png"><div class="x"><span>kept text</span></div><!-- <script>alert(8)</script> -->';
    const out = html(source);
    expect(out).toBe('<div><p>Hi</p><span>link</span><span>b</span><span>c</span>kept text</div>');
    const { container } = render(<BlogHtml html={source} />);
    expect(container.querySelectorAll('script, iframe, style, svg, [onclick], [onerror], [style]')).toHaveLength(0);
  });

  it('reads a heading 1 as a heading 2 (the title is the page’s h1) and closes what is left open', () => {
    expect(html('<h1>Title</h1><p>open <strong>bold')).toBe('<div><h2>Title</h2><p>open <strong>bold</strong></p></div>');
    expect(html('</p>text</li><p>x</p>')).toBe('<div>text<p>x</p></div>');
  });

  it('decodes character references once, so React escapes them once', () => {
    expect(decodeEntities('a &amp;lt; b &#2547; &#x9F3; &nbsp;&unknown;')).toBe('a &lt; b ৳ ৳ \u00a0&unknown;');
    expect(parseBlogHtml('<p>&lt;script&gt;</p>')).toEqual([{ tag: 'p', attrs: {}, children: ['<script>'] }]);
    expect(html('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBe('<div><p>&lt;script&gt;alert(1)&lt;/script&gt;</p></div>');
  });
});

describe('the excerpt of a post (cards)', () => {
  it('is the words without markup, blocks apart, cut at a word', () => {
    expect(blogExcerpt('<h2>Eat</h2><p>Ilish &amp; bhorta</p><script>x()</script>')).toBe('Eat Ilish & bhorta');
    const long = `<p>${'word '.repeat(60)}</p>`;
    const excerpt = blogExcerpt(long, 50);
    expect(excerpt.length).toBeLessThanOrEqual(51);
    expect(excerpt.endsWith('word…')).toBe(true);
  });
});
