import { createElement, type ReactNode } from 'react';

/**
 * A blog post's description as React elements, without `dangerouslySetInnerHTML` and without
 * a DOM (no DOMParser: the same code runs in tests and could run on a server).
 *
 * The server stores the description already sanitised (sanitize-html, apps/api blog-html.ts).
 * This is the second line of defence: the HTML is read token by token and only the tags and
 * attributes of the allow-list below become elements; any other tag is dropped (its text kept,
 * except inside script-like tags), every text is text (React escapes it), and a link or picture
 * address that is not http(s), mailto, a site path or an anchor is dropped. So even a
 * description that skipped the server's sanitiser could not run code or restyle the page.
 */

/** Tags that become elements, and the attributes each may carry. */
const ALLOWED: Record<string, readonly string[]> = {
  h2: [], h3: [], h4: [], h5: [], h6: [],
  p: [], br: [], hr: [],
  ul: [], ol: ['start'], li: [],
  strong: [], b: [], em: [], i: [], u: [], s: [], del: [],
  a: ['href'],
  img: ['src', 'alt', 'width', 'height'],
  blockquote: [], code: [], pre: [],
};
/** The post's title is the page's h1: a heading 1 inside the text reads as a heading 2. */
const RENAMED: Record<string, string> = { h1: 'h2', strike: 's' };
const VOID = new Set(['br', 'hr', 'img']);
/** Tags whose content is not prose: dropped with it. */
const DROPPED_WITH_CONTENT = new Set(['script', 'style', 'textarea', 'noscript', 'iframe', 'object', 'template', 'title', 'svg', 'math']);

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** Character references of the text back to characters (React writes them safely again). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '';
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** A link the post may hold: the web, mail, a page of this site or a place on this page. */
function isSafeHref(href: string): boolean {
  const value = href.trim();
  return /^(https?:\/\/|mailto:)/i.test(value) || (value.startsWith('/') && !value.startsWith('//')) || value.startsWith('#');
}

/** A picture the post may show: from the web (https or http) or from our own uploads. */
function isSafeImageSource(src: string): boolean {
  const value = src.trim();
  return /^https?:\/\//i.test(value) || (value.startsWith('/uploads/') && !value.includes('..'));
}

interface Node {
  tag: string;
  attrs: Record<string, string>;
  children: (Node | string)[];
}

const TOKEN = /<!--[\s\S]*?(?:-->|$)|<\/?([a-zA-Z][a-zA-Z0-9]*)\b((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</g;
const ATTR = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

function readAttrs(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) {
    const name = m[1]!.toLowerCase();
    if (!(name in attrs)) attrs[name] = decodeEntities(m[2] ?? m[3] ?? m[4] ?? '');
  }
  return attrs;
}

/** The HTML as a tree of allowed elements and texts. Unclosed tags close at the end. */
export function parseBlogHtml(html: string): (Node | string)[] {
  const root: Node = { tag: '', attrs: {}, children: [] };
  const stack: Node[] = [root];
  /** Inside a tag dropped with its content: its name, until it closes. */
  let skipping: string | null = null;
  for (const m of html.matchAll(TOKEN)) {
    const token = m[0];
    const rawName = m[1]?.toLowerCase();
    if (token.startsWith('<!--')) continue;
    if (!rawName) {
      // Text (or a lone '<').
      if (!skipping) stack.at(-1)!.children.push(decodeEntities(token));
      continue;
    }
    const closing = token.startsWith('</');
    if (skipping) {
      if (closing && rawName === skipping) skipping = null;
      continue;
    }
    if (DROPPED_WITH_CONTENT.has(rawName)) {
      if (!closing && !token.endsWith('/>')) skipping = rawName;
      continue;
    }
    const tag = RENAMED[rawName] ?? rawName;
    if (!(tag in ALLOWED)) continue;
    if (closing) {
      let at = stack.length - 1;
      while (at > 0 && stack[at]!.tag !== tag) at -= 1;
      if (at > 0) stack.length = at;
      continue;
    }
    const allowed = ALLOWED[tag]!;
    const source = readAttrs(m[2] ?? '');
    const attrs: Record<string, string> = {};
    for (const name of allowed) if (source[name] !== undefined) attrs[name] = source[name]!;
    if (tag === 'a' && attrs.href !== undefined && !isSafeHref(attrs.href)) delete attrs.href;
    if (tag === 'img' && !(attrs.src && isSafeImageSource(attrs.src))) continue;
    const node: Node = { tag, attrs, children: [] };
    stack.at(-1)!.children.push(node);
    if (!VOID.has(tag)) stack.push(node);
  }
  return root.children;
}

function toReact(nodes: (Node | string)[], keyPrefix: string): ReactNode[] {
  return nodes.map((node, i) => {
    if (typeof node === 'string') return node;
    const key = `${keyPrefix}${i}`;
    const { tag, attrs } = node;
    const props: Record<string, unknown> = { key };
    if (tag === 'a') {
      if (!attrs.href) return <span key={key}>{toReact(node.children, `${key}.`)}</span>;
      props.href = attrs.href;
      // Another site opens in a new tab, without a hold on this page.
      if (/^https?:\/\//i.test(attrs.href)) Object.assign(props, { target: '_blank', rel: 'noopener noreferrer' });
    } else if (tag === 'img') {
      Object.assign(props, { src: attrs.src, alt: attrs.alt ?? '', loading: 'lazy', decoding: 'async' });
      const width = Number(attrs.width);
      const height = Number(attrs.height);
      if (width > 0 && height > 0) Object.assign(props, { width, height });
    } else if (tag === 'ol' && /^\d{1,6}$/.test(attrs.start ?? '')) {
      props.start = Number(attrs.start);
    }
    return VOID.has(tag) ? createElement(tag, props) : createElement(tag, props, ...toReact(node.children, `${key}.`));
  });
}

/** The description, rendered from the allow-list (see above). */
export function BlogHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className}>{toReact(parseBlogHtml(html), '')}</div>;
}

/** The post's words without markup, shortened at a word to about `max` characters (cards). */
export function blogExcerpt(html: string, max = 180): string {
  const text = decodeEntities(
    html
      .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
      .replace(/<\/(p|h[1-6]|li|blockquote|pre)\s*>|<br\s*\/?>/gi, ' ')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
