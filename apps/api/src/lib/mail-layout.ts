import { readerDigits } from '@residency/shared/display';

/** Escapes text for HTML mail bodies; every value from a person passes through it. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/**
 * The hotel's line at the foot of a mail, in the mail's language: a Bengali mail gives the
 * Bengali address (HOTEL_ADDRESS_BN, else the English one) and the phone in Bengali digits
 * (+৮৮০ ১৭১১-০০০০০০), as the site's footer does.
 */
export function hotelFooter(
  hotel: { name: string; address: string; addressBn: string; phone: string; email: string },
  language: 'en' | 'bn',
  options: { withEmail?: boolean } = {},
): string {
  const address = language === 'bn' ? hotel.addressBn : hotel.address;
  return [hotel.name, address, readerDigits(hotel.phone, language), ...(options.withEmail === false ? [] : [hotel.email])].join(' · ');
}

/**
 * A plain, readable frame for the hotel's own mails: a heading, the body, the hotel's footer.
 * At most 560 px wide and narrower on a phone (a fixed 560 px table was cut off at 375 px):
 * percentage width with a max-width, which mail programs without media queries also honour.
 */
export function mailLayout(options: { hotelName: string; heading: string; bodyHtml: string; footer: string }): string {
  const { hotelName, heading, bodyHtml, footer } = options;
  return `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="margin:0;background:#f4f1ea;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:16px 8px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="width:100%;max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="background:#0f3d3e;color:#f5deb3;padding:18px 24px;font-size:20px;font-weight:bold;border-radius:8px 8px 0 0">${escapeHtml(hotelName)}</td></tr>
<tr><td style="padding:24px"><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>${bodyHtml}</td></tr>
<tr><td style="padding:16px 24px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escapeHtml(footer)}</td></tr>
</table></td></tr></table></body></html>`;
}
