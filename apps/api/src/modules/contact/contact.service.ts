import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { escapeHtml, mailLayout } from '../../lib/mail-layout.ts';
import type { Mailer } from '../../plugins/mailer.ts';

/** The words of the mail, in the hotel's language (HOTEL_LANGUAGE, issue 31). */
const TEXTS = {
  en: {
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    subject: 'Subject',
    mailSubject: 'Website message: ',
    heading: 'A message from the website',
    footer: 'Sent from the contact form. Reply to this e-mail to answer the guest.',
  },
  bn: {
    name: 'নাম',
    email: 'ই-মেইল',
    phone: 'ফোন',
    subject: 'বিষয়',
    mailSubject: 'ওয়েবসাইট থেকে বার্তা: ',
    heading: 'ওয়েবসাইট থেকে একটি বার্তা',
    footer: 'যোগাযোগ ফর্ম থেকে পাঠানো। অতিথিকে উত্তর দিতে এই ই-মেইলের উত্তর দিন।',
  },
} as const;

/** Mails the hotel's front desk, in the hotel's language; a reply goes straight back to the guest. */
export async function sendContactMessage(
  db: Database,
  mailer: Mailer,
  config: Config,
  input: { name: string; email: string; phone?: string; subject: string; message: string },
) {
  const t = TEXTS[config.hotel.language];
  const rows: [string, string][] = [
    [t.name, input.name],
    [t.email, input.email],
    [t.phone, input.phone ?? '-'],
    [t.subject, input.subject],
  ];
  await mailer.enqueue(db, {
    kind: 'contact',
    to: config.hotel.email,
    replyTo: input.email,
    subject: `${t.mailSubject}${input.subject}`,
    text: `${rows.map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${input.message}`,
    html: mailLayout({
      hotelName: config.hotel.name,
      heading: t.heading,
      bodyHtml: `<table cellpadding="4">${rows
        .map(([k, v]) => `<tr><td style="color:#6b7280">${k}</td><td>${escapeHtml(v)}</td></tr>`)
        .join('')}</table>
<p style="white-space:pre-wrap;border-left:3px solid #c9a227;padding-left:12px">${escapeHtml(input.message)}</p>`,
      footer: t.footer,
    }).replace('<html>', `<html lang="${config.hotel.language}">`),
  });
  mailer.kick();
}
