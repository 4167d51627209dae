import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

/*
 * The sandbox gateway's pages: what a guest sees on the gateway's side. Plain HTML that works
 * without the hotel's app; its own Content-Security-Policy (a nonce for the one script that
 * posts the guest back, forms posting anywhere: back to the hotel).
 */

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f3f4f6; color: #111827; }
  main { max-width: 26rem; margin: 2rem auto; background: #fff; border-radius: .75rem; padding: 1.5rem; box-shadow: 0 1px 3px #0002; }
  h1 { font-size: 1.25rem; margin: 0 0 .25rem; }
  p { margin: .5rem 0; }
  .sandbox { background: #fef3c7; color: #92400e; padding: .5rem .75rem; border-radius: .5rem; font-size: .875rem; }
  .amount { font-size: 1.75rem; font-weight: 700; margin: 1rem 0; }
  label { display: block; margin: .75rem 0 .25rem; font-weight: 600; }
  select { width: 100%; padding: .6rem; font-size: 1rem; border: 1px solid #9ca3af; border-radius: .5rem; }
  .actions { display: grid; gap: .5rem; margin-top: 1.25rem; }
  button { font-size: 1rem; padding: .75rem; border-radius: .5rem; border: 1px solid #9ca3af; background: #fff; cursor: pointer; min-height: 44px; }
  button.primary { background: #15803d; color: #fff; border-color: #15803d; }
  button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
`;

/** Sends a page with its own policy; `script` runs with the page's nonce. */
export function sendPage(reply: FastifyReply, title: string, body: string, script?: string) {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .header('content-security-policy', `default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; form-action *; frame-ancestors 'none'`)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main>` +
        (script ? `<script nonce="${nonce}">${script}</script>` : '') +
        `</body></html>`,
    );
}

/** The checkout page: the merchant, the amount, and a form whose buttons decide what happens. */
export function checkoutPage(options: {
  gateway: string;
  merchant: string;
  amount: string;
  action: string;
  instruments?: readonly { value: string; label: string }[];
  decisions: readonly { value: string; label: string; primary?: boolean }[];
}): string {
  const instruments = options.instruments
    ? `<label for="instrument">Pay with</label><select id="instrument" name="instrument">${options.instruments
        .map((i) => `<option value="${escape(i.value)}">${escape(i.label)}</option>`)
        .join('')}</select>`
    : '';
  return (
    `<p class="sandbox">Sandbox ${escape(options.gateway)}: no real money moves.</p>` +
    `<h1>${escape(options.merchant)}</h1><p class="amount">BDT ${escape(options.amount)}</p>` +
    `<form method="post" action="${escape(options.action)}">${instruments}<div class="actions">` +
    options.decisions
      .map((d) => `<button type="submit" name="decision" value="${escape(d.value)}"${d.primary ? ' class="primary"' : ''}>${escape(d.label)}</button>`)
      .join('') +
    `</div></form>`
  );
}

/**
 * The guest's way back to the merchant: a form posting `fields` to `url`, sent at once by the
 * page's script (a button if scripts are off), as the real gateway returns a guest.
 */
export function postBackPage(reply: FastifyReply, url: string, fields: Record<string, string>, note: string) {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
  return sendPage(
    reply,
    'Returning to the merchant',
    `<p>${escape(note)}</p><form id="back" method="post" action="${escape(url)}">${inputs}<div class="actions"><button type="submit" class="primary">Return to the merchant</button></div></form>`,
    `document.getElementById('back').submit();`,
  );
}
