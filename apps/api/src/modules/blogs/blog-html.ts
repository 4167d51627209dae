import sanitizeHtml from 'sanitize-html';
import { UPLOADS_PREFIX } from '../../plugins/storage.ts';

/**
 * What a blog post's rich text may hold: what the admin's editor (TipTap) writes, nothing that
 * runs or restyles the page. Headings, paragraphs, lists, bold/italic/underline/strike, links,
 * images, quotes, code, rules and line breaks. No script, no event handler, no style attribute,
 * no `javascript:` (or any non-web) URL.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'p', 'br', 'hr',
    'ul', 'ol', 'li',
    'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del',
    'a', 'img',
    'blockquote', 'code', 'pre',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    code: ['class'],
  },
  // A code block keeps its language (TipTap writes class="language-ts"), nothing else.
  allowedClasses: { code: [/^language-[a-z0-9+#-]{1,30}$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  // `//evil.example/x` would load from any site over the page's own scheme.
  allowProtocolRelative: false,
  // Dropped with their content, not just unwrapped: a script's text is not prose.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template', 'title'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // Every link opens without handing our page to the one it opens (reverse tabnabbing).
    a: (tagName, attribs) => {
      const out: Record<string, string> = {};
      if (attribs.href) out.href = attribs.href;
      if (attribs.target === '_blank') out.target = '_blank';
      out.rel = 'noopener noreferrer';
      return { tagName, attribs: out };
    },
  },
  // A picture only from the web or from our own uploads; one whose link was refused goes whole.
  // A link whose address was refused (javascript:, data:) keeps its words, without the link.
  exclusiveFilter: (frame) => {
    if (frame.tag === 'img') return !isAllowedImageSource(frame.attribs.src);
    if (frame.tag === 'a' && !frame.attribs.href) return 'excludeTag';
    return false;
  },
};

/** A picture's address that a post may show: http(s) anywhere, or a path under our uploads. */
function isAllowedImageSource(src: string | undefined): boolean {
  if (!src) return false;
  const value = src.trim();
  if (/^https?:\/\//i.test(value)) return true;
  return value.startsWith(UPLOADS_PREFIX) && !value.includes('..') && !value.includes('\\');
}

/** The post's HTML as it is stored and shown: only what OPTIONS allows survives. */
export function sanitizeBlogHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The text of the post, without markup: for "is it empty?" and page descriptions. */
export function blogText(html: string): string {
  // A space after each block, so two paragraphs do not run into one word.
  const spaced = html.replace(/<\/(?:p|h[1-6]|li|blockquote|pre)\s*>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags })
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
