/**
 * The mail as a whole document, from what the designer exports: its body (GrapesJS writes the
 * wrapper as `<body …>`) and its CSS in the head. The server inlines that CSS into the elements
 * (mail programs drop `<style>`), so the design's look survives.
 */
export function mailDocument(bodyHtml: string, css: string, lang: string): string {
  const body = /^\s*<body[\s>]/i.test(bodyHtml) ? bodyHtml.trim() : `<body>${bodyHtml}</body>`;
  const style = css.trim() ? `<style>${css}</style>` : '';
  return `<!doctype html>\n<html lang="${lang === 'bn' ? 'bn' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${style}</head>${body}</html>`;
}

/** The URL to put in a mail for an uploaded picture: its 640 px variant (a mail is ~600 px wide), absolute. */
export function mailImageUrl(image: { url: string; variants?: { width: number; url: string }[] }, origin: string): string {
  const fit = image.variants?.find((v) => v.width === 640)?.url ?? image.url;
  return new URL(fit, origin).href;
}

/**
 * A whole mail document (the built-in defaults are) split for the designer, whose canvas is the
 * body: the body's content, and the body's own style (background, font, colour), which would
 * otherwise be lost.
 */
export function splitMailDocument(html: string): { body: string; bodyStyle: Record<string, string> } {
  if (!/<body[\s>]/i.test(html)) return { body: html, bodyStyle: {} };
  const doc = new DOMParser().parseFromString(html, 'text/html');
  // Read as written (the browser would expand `background` into a dozen longhands).
  const bodyStyle: Record<string, string> = {};
  for (const declaration of (doc.body.getAttribute('style') ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon > 0) bodyStyle[declaration.slice(0, colon).trim().toLowerCase()] = declaration.slice(colon + 1).trim();
  }
  return { body: doc.body.innerHTML.trim(), bodyStyle };
}
