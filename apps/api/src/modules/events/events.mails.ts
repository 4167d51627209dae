import {
  EVENT_LAYOUT_LABELS,
  EVENT_STATUS_LABELS,
  EVENT_TYPE_LABELS,
  FOOD_PREFERENCE_LABELS,
  labelOf,
  type TLanguage,
} from '@residency/shared';
import { formatClockTime, formatLongDate, formatWholeNumber } from '@residency/shared/display';
import type { Config } from '../../config.ts';
import { escapeHtml, hotelFooter, mailLayout } from '../../lib/mail-layout.ts';
import type { OutgoingMail } from '../../plugins/mailer.ts';
import { htmlToText } from '../email-templates/email-templates.service.ts';
import type { EventRequestRow } from './events.repository.ts';

/** What the mails say of a request: it may not be stored yet (they are written in the same transaction). */
type MailedRequest = Pick<
  EventRequestRow,
  | 'reference'
  | 'name'
  | 'email'
  | 'phone'
  | 'company'
  | 'eventType'
  | 'layout'
  | 'date'
  | 'startTime'
  | 'endTime'
  | 'guestCount'
  | 'foodPreference'
  | 'additionalRequirements'
  | 'preferenceImage'
  | 'status'
  | 'language'
>;

/** The words of the event mails in each language; `{name}`-style slots are filled per mail. */
const TEXTS = {
  en: {
    receivedSubject: 'We have received your event request {reference}',
    receivedHeading: 'Thank you for your request',
    receivedIntro: 'Hello {name}, thank you for asking us to host your event. Our events team will reply within one working day.',
    reference: 'Your reference',
    event: 'Event',
    date: 'Date',
    time: 'Time',
    guests: 'Guests',
    layout: 'Layout',
    food: 'Food',
    company: 'Company',
    requirements: 'Requirements',
    status: 'Status',
    quote: 'Please quote your reference when you call us at {phone}.',
    statusSubject: {
      confirmed: 'Your event {reference} is confirmed',
      cancelled: 'Your event request {reference} is cancelled',
      pending: 'Your event request {reference} is being reviewed again',
    },
    statusHeading: { confirmed: 'Your event is confirmed', cancelled: 'Your event request is cancelled', pending: 'Your request is under review' },
    statusIntro: {
      confirmed: 'Hello {name}, good news: we have confirmed your event. We look forward to welcoming you and your guests.',
      cancelled: 'Hello {name}, your event request has been cancelled. If you did not expect this, please call us at {phone}.',
      pending: 'Hello {name}, your event request is being reviewed again. We will write to you as soon as it is settled.',
    },
  },
  bn: {
    receivedSubject: 'আপনার ইভেন্ট অনুরোধ {reference} আমরা পেয়েছি',
    receivedHeading: 'অনুরোধের জন্য ধন্যবাদ',
    receivedIntro: '{name}, আপনার অনুষ্ঠান আয়োজনের দায়িত্ব আমাদের দিতে চাওয়ায় ধন্যবাদ। আমাদের ইভেন্ট দল এক কর্মদিবসের মধ্যে উত্তর দেবে।',
    reference: 'আপনার রেফারেন্স',
    event: 'অনুষ্ঠান',
    date: 'তারিখ',
    time: 'সময়',
    guests: 'অতিথি',
    layout: 'বিন্যাস',
    food: 'খাবার',
    company: 'প্রতিষ্ঠান',
    requirements: 'বাড়তি চাহিদা',
    status: 'অবস্থা',
    quote: '{phone} নম্বরে ফোন করলে রেফারেন্সটি বলবেন।',
    statusSubject: {
      confirmed: 'আপনার অনুষ্ঠান {reference} নিশ্চিত হয়েছে',
      cancelled: 'আপনার ইভেন্ট অনুরোধ {reference} বাতিল হয়েছে',
      pending: 'আপনার ইভেন্ট অনুরোধ {reference} আবার বিবেচনা করা হচ্ছে',
    },
    statusHeading: { confirmed: 'আপনার অনুষ্ঠান নিশ্চিত', cancelled: 'আপনার ইভেন্ট অনুরোধ বাতিল', pending: 'আপনার অনুরোধ বিবেচনাধীন' },
    statusIntro: {
      confirmed: '{name}, সুখবর: আপনার অনুষ্ঠান আমরা নিশ্চিত করেছি। আপনাকে ও আপনার অতিথিদের স্বাগত জানানোর অপেক্ষায় রইলাম।',
      cancelled: '{name}, আপনার ইভেন্ট অনুরোধটি বাতিল করা হয়েছে। এমনটা প্রত্যাশিত না হলে {phone} নম্বরে আমাদের ফোন করুন।',
      pending: '{name}, আপনার ইভেন্ট অনুরোধটি আবার বিবেচনা করা হচ্ছে। সিদ্ধান্ত হলেই আপনাকে জানাব।',
    },
  },
} as const;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (slot, key: string) => values[key] ?? slot);

/** The request's details as label/value rows, in `lng`, with the site's formats. */
function detailRows(row: MailedRequest, lng: TLanguage): [string, string][] {
  const t = TEXTS[lng];
  const rows: [string, string][] = [
    [t.reference, row.reference],
    [t.event, labelOf(EVENT_TYPE_LABELS, row.eventType, lng)],
    [t.date, formatLongDate(row.date, lng)],
    [t.time, `${formatClockTime(row.startTime, lng)}–${formatClockTime(row.endTime, lng)}`],
    [t.guests, formatWholeNumber(row.guestCount, lng)],
    [t.layout, labelOf(EVENT_LAYOUT_LABELS, row.layout, lng)],
    [t.food, labelOf(FOOD_PREFERENCE_LABELS, row.foodPreference, lng)],
  ];
  if (row.company) rows.push([t.company, row.company]);
  if (row.additionalRequirements) rows.push([t.requirements, row.additionalRequirements]);
  return rows;
}

const table = (rows: [string, string][]) =>
  `<table cellpadding="4" style="border-collapse:collapse;margin:12px 0">${rows
    .map(([k, v]) => `<tr><td style="color:#6b7280;padding-right:16px;vertical-align:top">${escapeHtml(k)}</td><td style="white-space:pre-wrap">${escapeHtml(v)}</td></tr>`)
    .join('')}</table>`;

function frame(config: Config, language: TLanguage, heading: string, bodyHtml: string): { html: string; text: string } {
  const html = mailLayout({ hotelName: config.hotel.name, heading, bodyHtml, footer: hotelFooter(config.hotel, language) }).replace('<html>', `<html lang="${language}">`);
  return { html, text: htmlToText(html) };
}

/** The words of the hotel's copy, in the hotel's language (HOTEL_LANGUAGE, issue 31). */
const HOTEL_TEXTS = {
  en: {
    name: 'Name',
    email: 'E-mail',
    phone: 'Phone',
    language: 'Language',
    languages: { en: 'English', bn: 'Bengali' },
    heading: 'New event request {reference}',
    picture: 'Preference picture',
    answer: 'Answer it on the Event requests screen. Replying to this e-mail writes to the requester.',
    subject: 'New event request {reference}: {event}, {date}, {guests} guests',
  },
  bn: {
    name: 'নাম',
    email: 'ই-মেইল',
    phone: 'ফোন',
    language: 'ভাষা',
    languages: { en: 'ইংরেজি', bn: 'বাংলা' },
    heading: 'নতুন ইভেন্ট অনুরোধ {reference}',
    picture: 'পছন্দের ছবি',
    answer: 'ইভেন্ট অনুরোধ পাতায় এর উত্তর দিন। এই ই-মেইলের উত্তর দিলে তা অনুরোধকারীর কাছে যাবে।',
    subject: 'নতুন ইভেন্ট অনুরোধ {reference}: {event}, {date}, {guests} জন অতিথি',
  },
} as const;

/**
 * To the requester, in their language, and to the hotel, in the hotel's (HOTEL_LANGUAGE;
 * replying goes to the requester).
 */
export function eventReceivedMails(config: Config, row: MailedRequest): OutgoingMail[] {
  const lng = row.language;
  const t = TEXTS[lng];
  const values = { name: row.name, reference: row.reference, phone: config.hotel.phone };
  const toRequester = frame(
    config,
    lng,
    t.receivedHeading,
    `<p>${escapeHtml(fill(t.receivedIntro, values))}</p>${table(detailRows(row, lng))}<p>${escapeHtml(fill(t.quote, values))}</p>`,
  );
  const hotel = config.hotel.language;
  const h = HOTEL_TEXTS[hotel];
  const staffRows: [string, string][] = [
    [h.name, row.name],
    [h.email, row.email],
    [h.phone, row.phone],
    ...detailRows(row, hotel).filter(([label]) => label !== TEXTS[hotel].reference),
    [h.language, h.languages[lng]],
  ];
  const picture = row.preferenceImage ? escapeHtml(absolute(config, row.preferenceImage)) : null;
  const toHotel = frame(
    config,
    hotel,
    fill(h.heading, { reference: row.reference }),
    `${table(staffRows)}${picture ? `<p>${escapeHtml(h.picture)}: <a href="${picture}">${picture}</a></p>` : ''}<p>${escapeHtml(h.answer)}</p>`,
  );
  // The English subject keeps the stored words and ISO day the desk searches by; the Bengali one reads as the body does.
  const subject = fill(h.subject, {
    reference: row.reference,
    event: hotel === 'bn' ? labelOf(EVENT_TYPE_LABELS, row.eventType, 'bn') : row.eventType,
    date: hotel === 'bn' ? formatLongDate(row.date, 'bn') : row.date,
    guests: formatWholeNumber(row.guestCount, hotel),
  });
  return [
    { kind: 'event-received', to: row.email, subject: fill(t.receivedSubject, values), ...toRequester },
    { kind: 'event-received-hotel', to: config.hotel.email, replyTo: row.email, subject, ...toHotel },
  ];
}

/** To the requester, in their language, when staff change the request's status. */
export function eventStatusMail(config: Config, row: MailedRequest): OutgoingMail {
  const lng = row.language;
  const t = TEXTS[lng];
  const values = { name: row.name, reference: row.reference, phone: config.hotel.phone };
  const rows = detailRows(row, lng);
  rows.splice(1, 0, [t.status, labelOf(EVENT_STATUS_LABELS, row.status, lng)]);
  const body = frame(
    config,
    lng,
    t.statusHeading[row.status],
    `<p>${escapeHtml(fill(t.statusIntro[row.status], values))}</p>${table(rows)}<p>${escapeHtml(fill(t.quote, values))}</p>`,
  );
  return { kind: `event-${row.status}`, to: row.email, subject: fill(t.statusSubject[row.status], values), ...body };
}

/** Links in mails must work outside the site: our own upload paths get the public address. */
function absolute(config: Config, url: string): string {
  return url.startsWith('/') ? `${config.publicUrl}${url}` : url;
}
