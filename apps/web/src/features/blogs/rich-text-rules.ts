/**
 * The link an admin types in the editor's Link field, made safe to store: a site path ('/events'),
 * an anchor ('#rooms'), an http(s), mailto or tel address as typed, and a bare domain
 * ('example.com/page') with https:// in front. Anything else (`javascript:`, `data:`, words with
 * spaces) is refused with null; an empty field is '' (remove the link).
 */
export function normalizeLink(input: string): string | null {
  const text = input.trim();
  if (!text) return '';
  if (/\s/.test(text)) return null;
  if (text.startsWith('/') && !text.startsWith('//')) return text;
  if (text.startsWith('#')) return text;
  if (/^(https?:\/\/[^/\s]+|mailto:[^\s]+@[^\s]+|tel:\+?[\d\s()-]+)/i.test(text)) return text;
  // A scheme we do not allow ('javascript:', 'data:', 'ftp:'): refused rather than "fixed".
  if (/^[a-z][a-z\d+.-]*:/i.test(text)) return null;
  if (/^[\w-]+(\.[\w-]+)+(:\d+)?([/?#].*)?$/i.test(text)) return `https://${text}`;
  return null;
}

/**
 * What the editor's HTML is worth to the form: '' when it holds no text and no picture (TipTap's
 * empty document is '<p></p>'), so "required" means something was written.
 */
export function richTextValue(html: string): string {
  const text = html
    .replace(/<img\b[^>]*>/gi, 'img')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text ? html : '';
}
