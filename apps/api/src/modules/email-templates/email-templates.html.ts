import juice from 'juice';
import sanitizeHtml from 'sanitize-html';

/*
 * What the server does to a designer's exported HTML before it keeps it: mail programs ignore
 * <style> blocks (Gmail keeps few, Outlook fewer), so every rule is written into the style
 * attributes of the elements it applies to (juice); and nothing runs: no scripts, frames,
 * forms, event handlers or javascript: links, which no mail program would run and which the
 * admin's preview must not either. Everything else (tables, inline styles, data-if rows,
 * {{variables}}, media queries for phones) is kept as designed.
 */

/** Elements removed with their content: code, embedded pages and forms have no place in a mail. */
const REMOVED = new Set([
  ...['script', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'form', 'input', 'button', 'select', 'textarea', 'base', 'link'],
  // SVG's animation elements can set any attribute, a link's href to `javascript:` among them
  // (<animate attributeName="href" values="javascript:…">); a mail has no use for them.
  ...['animate', 'animatemotion', 'animatetransform', 'set', 'discard', 'handler', 'listener'],
]);

const SANITIZE: sanitizeHtml.IOptions = {
  // Any element and attribute of a designed mail, then the dangerous ones taken out below.
  allowedTags: false,
  allowedAttributes: false,
  // <style> holds the design's CSS until juice has inlined it (and keeps the media queries).
  allowVulnerableTags: true,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'cid', 'data'] },
  // Every attribute that holds a link: SVG's xlink:href too, and the old background attribute.
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'xlink:href', 'action', 'formaction', 'background', 'poster', 'longdesc'],
  exclusiveFilter: (frame) => REMOVED.has(frame.tag) || (frame.tag === 'meta' && 'http-equiv' in frame.attribs),
  transformTags: {
    '*': (tagName, attribs) => ({
      tagName,
      // onclick, onload, …: code that runs in whatever shows the mail.
      attribs: Object.fromEntries(Object.entries(attribs).filter(([name]) => !/^on/i.test(name))),
    }),
  },
};

/** Thrown when the HTML (its CSS, mostly) cannot be read: the save is refused with this message. */
export class UnreadableDesignError extends Error {}

/**
 * A design's HTML as mails use it: cleaned, then with its CSS inlined. A `<!doctype html>` the
 * design had is kept (the cleaner drops declarations).
 */
export function prepareDesignHtml(html: string): string {
  const clean = sanitizeHtml(html, SANITIZE);
  let inlined: string;
  try {
    inlined = juice(clean, { preserveImportant: true });
  } catch (error) {
    throw new UnreadableDesignError(error instanceof Error ? error.message : String(error));
  }
  return /^\s*<!doctype html/i.test(html) && !/^\s*<!doctype/i.test(inlined) ? `<!doctype html>\n${inlined}` : inlined;
}
