import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { escapeHtml, mailLayout } from '../../lib/mail-layout.ts';
import type { Mailer } from '../../plugins/mailer.ts';

/** Mails the hotel's front desk; a reply goes straight back to the guest. */
export async function sendContactMessage(
  db: Database,
  mailer: Mailer,
  config: Config,
  input: { name: string; email: string; phone?: string; subject: string; message: string },
) {
  const rows: [string, string][] = [
    ['Name', input.name],
    ['E-mail', input.email],
    ['Phone', input.phone ?? '-'],
    ['Subject', input.subject],
  ];
  await mailer.enqueue(db, {
    kind: 'contact',
    to: config.hotel.email,
    replyTo: input.email,
    subject: `Website message: ${input.subject}`,
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${input.message}`,
    html: mailLayout({
      hotelName: config.hotel.name,
      heading: 'A message from the website',
      bodyHtml: `<table cellpadding="4">${rows
        .map(([k, v]) => `<tr><td style="color:#6b7280">${k}</td><td>${escapeHtml(v)}</td></tr>`)
        .join('')}</table>
<p style="white-space:pre-wrap;border-left:3px solid #c9a227;padding-left:12px">${escapeHtml(input.message)}</p>`,
      footer: 'Sent from the contact form. Reply to this e-mail to answer the guest.',
    }),
  });
  mailer.kick();
}
