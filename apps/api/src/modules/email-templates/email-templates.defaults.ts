import type { EmailTemplateType, TEmailTemplateDefault, TLanguage } from '@residency/shared';
import type { Config } from '../../config.ts';
import { hotelFooter, mailLayout } from '../../lib/mail-layout.ts';

/**
 * The built-in design of each booking e-mail, in English and in Bengali. A saved, active design
 * of the same type and language takes its place; these stay as the fallback, and are where the
 * designer starts. `{{variables}}` are filled from the booking (values escaped when filled).
 */
interface DefaultTemplate {
  subject: string;
  heading: string;
  /** Body HTML with {{variables}} (values are escaped when filled). */
  body: string;
}

const cells = (label: string, value: string) =>
  `<td style="padding:6px 12px 6px 0;color:#6b7280;white-space:nowrap">${label}</td><td style="padding:6px 0;font-weight:600">${value}</td>`;

const row = (label: string, variable: string) => `<tr>${cells(label, `{{${variable}}}`)}</tr>`;

/** The coupon's line, minus sign and code as on the booking page; left out when no coupon applied. */
const discountRow = (label: string) => `<tr data-if="discount">${cells(`${label} ({{couponCode}})`, '−{{discount}}')}</tr>`;

const stayTable = (rows: string[]) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb;width:100%">${rows.join('')}</table>`;

/** The words of the stay tables. Bengali as the web app writes them (booking.json, reservations.json: বুকিং আইডি, উপমোট, সর্বমোট…). */
const LABELS = {
  en: {
    bookingId: 'Booking ID',
    guest: 'Guest',
    email: 'E-mail',
    phone: 'Phone',
    address: 'Address',
    room: 'Room',
    roomNumber: 'Room number',
    checkIn: 'Check-in',
    checkOut: 'Check-out',
    nights: 'Nights',
    perNight: 'Per night',
    nightlyLines: 'Nightly prices',
    rooms: 'Rooms',
    subtotal: 'Subtotal',
    discount: 'Discount',
    serviceCharge: 'Service charge',
    vat: 'VAT',
    total: 'Total',
    depositDue: 'Deposit due by {{depositDueBy}}',
    booking: 'Booking',
    payment: 'Payment',
    paidBy: 'Paid by',
    reference: 'Transaction reference',
    payOnline: 'Pay online',
    reason: 'Why',
    bookAgain: 'Book again',
    otherRooms: 'Still booked',
  },
  bn: {
    bookingId: 'বুকিং আইডি',
    guest: 'অতিথি',
    email: 'ই-মেইল',
    phone: 'ফোন',
    address: 'ঠিকানা',
    room: 'রুম',
    roomNumber: 'রুম নম্বর',
    checkIn: 'চেক-ইন',
    checkOut: 'চেক-আউট',
    nights: 'রাত',
    perNight: 'প্রতি রাত',
    nightlyLines: 'প্রতি রাতের ভাড়া',
    rooms: 'রুমগুলো',
    subtotal: 'উপমোট',
    discount: 'ছাড়',
    serviceCharge: 'সার্ভিস চার্জ',
    vat: 'ভ্যাট',
    total: 'সর্বমোট',
    depositDue: 'অগ্রিম বাকি, {{depositDueBy}}-এর মধ্যে',
    booking: 'বুকিং',
    payment: 'পরিশোধ',
    paidBy: 'পরিশোধের মাধ্যম',
    reference: 'লেনদেনের রেফারেন্স',
    payOnline: 'অনলাইনে পরিশোধ করুন',
    reason: 'কারণ',
    bookAgain: 'আবার বুক করুন',
    otherRooms: 'বুকিং বহাল',
  },
} as const;

type Labels = (typeof LABELS)[TLanguage];

/** "Why this price" (issue 21): the nights grouped by price; left out when not given. */
const nightlyRow = (l: Labels) => `<tr data-if="nightlyLines">${cells(l.nightlyLines, '{{nightlyLines}}')}</tr>`;

/**
 * The rooms of a reservation of several (issue 22), each with its amount, just above the
 * subtotal they add up to, the label beside the first; left out for one room, whose mail stays
 * as it was.
 */
const roomsRow = (l: Labels) => `<tr data-if="rooms" valign="top">${cells(l.rooms, '{{rooms}}')}</tr>`;

/** The deposit the rate plans ask at booking and its deadline (issue 22); left out when they ask none. */
const depositRow = (l: Labels) => `<tr data-if="deposit">${cells(l.depositDue, '{{deposit}}')}</tr>`;

/** One room's price a night; left out for several rooms, whose nightly lines give each room's (issue 31). */
const perNightRow = (l: Labels) => `<tr data-if="perNightCost">${cells(l.perNight, '{{perNightCost}}')}</tr>`;

/** The guest's bill, line by line: the same rows in both languages. */
/** A link as a button on a row of its own, left out when its variable is empty (issue 33). */
const linkRow = (label: string, variable: string) =>
  `<tr data-if="${variable}"><td colspan="2" style="padding:14px 0 6px"><a href="{{${variable}}}" style="display:inline-block;background:#14532d;color:#ffffff;padding:10px 18px;border-radius:8px;text-decoration:none;font-weight:600">${label}</a></td></tr>`;

const guestBill = (l: Labels) => [
  row(l.bookingId, 'reservationId'),
  row(l.room, 'roomType'),
  row(l.roomNumber, 'roomNumber'),
  row(l.checkIn, 'startDate'),
  row(l.checkOut, 'endDate'),
  row(l.nights, 'nights'),
  perNightRow(l),
  nightlyRow(l),
  roomsRow(l),
  row(l.subtotal, 'subtotal'),
  discountRow(l.discount),
  row(l.serviceCharge, 'serviceCharge'),
  row(l.vat, 'vat'),
  row(l.total, 'amount'),
  depositRow(l),
  linkRow(l.payOnline, 'payUrl'),
];

const hotelCopy = (l: Labels) => [
  row(l.bookingId, 'reservationId'),
  row(l.guest, 'name'),
  row(l.email, 'email'),
  row(l.phone, 'phone'),
  row(l.address, 'address'),
  row(l.room, 'roomType'),
  row(l.roomNumber, 'roomNumber'),
  row(l.checkIn, 'startDate'),
  row(l.checkOut, 'endDate'),
  row(l.nights, 'nights'),
  nightlyRow(l),
  roomsRow(l),
  discountRow(l.discount),
  row(l.total, 'amount'),
  depositRow(l),
];

const stayRows = (l: Labels) => [
  row(l.bookingId, 'transactionId'),
  row(l.room, 'room'),
  row(l.checkIn, 'startDate'),
  row(l.checkOut, 'endDate'),
  row(l.total, 'amount'),
];

/** One room of several cancelled (issue 31): the rooms of the reservation still booked; left out when none. */
const otherRoomsRow = (l: Labels) => `<tr data-if="otherRooms">${cells(l.otherRooms, '{{otherRooms}}')}</tr>`;

/** Why the booking was cancelled, when the hotel says (an online payment not completed in time); left out otherwise. */
const reasonRow = (l: Labels) => `<tr data-if="cancellationReason">${cells(l.reason, '{{cancellationReason}}')}</tr>`;

/** The payment that completed the booking, by method and reference: rows left out when not given. */
const paymentRows = (l: Labels) => [
  `<tr data-if="paymentMethod">${cells(l.paidBy, '{{paymentMethod}}')}</tr>`,
  `<tr data-if="paymentReference">${cells(l.reference, '{{paymentReference}}')}</tr>`,
];

const DEFAULT_TEMPLATES: Record<TLanguage, Record<EmailTemplateType, DefaultTemplate>> = {
  en: {
    BOOKING_CONFIRMATION_USER: {
      subject: 'Your booking {{reservationId}} is received',
      heading: 'Thank you for booking with us',
      body: `<p>Dear {{name}},</p>
<p>We have received your booking. Our front desk will confirm it shortly; you will get another e-mail when they do.</p>
${stayTable(guestBill(LABELS.en))}
<p>Check-in is from 2 pm and check-out until 12 noon. Please bring your NID or passport.</p>
<p>We look forward to welcoming you.</p>`,
    },
    BOOKING_CONFIRMATION_ADMIN: {
      subject: 'New booking {{reservationId}}: {{roomType}}, {{startDate}} to {{endDate}}',
      heading: 'A new booking has arrived',
      body: `<p>A booking was made on {{orderDate}}. Please confirm it in the Reservations screen.</p>
${stayTable(hotelCopy(LABELS.en))}
<p style="color:#6b7280;font-size:12px">Sent to {{admin_email}}.</p>`,
    },
    BOOKING_STATUS_UPDATE: {
      subject: 'Booking {{transactionId}}: {{confirmation}}, payment {{paymentStatus}}',
      heading: 'Your booking has been updated',
      body: `<p>Dear {{name}},</p>
<p>Here is the latest on your booking.</p>
${stayTable([...stayRows(LABELS.en), row(LABELS.en.booking, 'confirmation'), row(LABELS.en.payment, 'paymentStatus'), ...paymentRows(LABELS.en)])}
<p>If anything is not right, just reply to this e-mail or call our front desk.</p>`,
    },
    BOOKING_CANCELLATION: {
      subject: 'Booking {{transactionId}} is cancelled',
      heading: 'Your booking is cancelled',
      body: `<p>Dear {{name}},</p>
<p>Your booking was cancelled on {{cancellationDate}}. The room is no longer held for you.</p>
${stayTable([...stayRows(LABELS.en), otherRoomsRow(LABELS.en), reasonRow(LABELS.en), linkRow(LABELS.en.bookAgain, 'rebookUrl')])}
<p>If you did not expect this, please contact our front desk. We would be glad to help you book again.</p>`,
    },
  },
  bn: {
    BOOKING_CONFIRMATION_USER: {
      subject: 'আপনার বুকিং {{reservationId}} আমরা পেয়েছি',
      heading: 'আমাদের সঙ্গে বুকিং করার জন্য ধন্যবাদ',
      body: `<p>প্রিয় {{name}},</p>
<p>আপনার বুকিং আমরা পেয়েছি। আমাদের ফ্রন্ট ডেস্ক শিগগিরই এটি নিশ্চিত করবে; নিশ্চিত হলে আপনি আরেকটি ই-মেইল পাবেন।</p>
${stayTable(guestBill(LABELS.bn))}
<p>চেক-ইন দুপুর ২টা থেকে, চেক-আউট দুপুর ১২টা পর্যন্ত। অনুগ্রহ করে আপনার জাতীয় পরিচয়পত্র (এনআইডি) বা পাসপোর্ট সঙ্গে আনবেন।</p>
<p>আপনাকে স্বাগত জানানোর অপেক্ষায় রইলাম।</p>`,
    },
    BOOKING_CONFIRMATION_ADMIN: {
      subject: 'নতুন বুকিং {{reservationId}}: {{roomType}}, {{startDate}} থেকে {{endDate}}',
      heading: 'একটি নতুন বুকিং এসেছে',
      body: `<p>{{orderDate}} তারিখে একটি বুকিং করা হয়েছে। রিজার্ভেশন পাতায় গিয়ে এটি নিশ্চিত করুন।</p>
${stayTable(hotelCopy(LABELS.bn))}
<p style="color:#6b7280;font-size:12px">{{admin_email}} ঠিকানায় পাঠানো হয়েছে।</p>`,
    },
    BOOKING_STATUS_UPDATE: {
      subject: 'বুকিং {{transactionId}}: {{confirmation}}, পেমেন্ট: {{paymentStatus}}',
      heading: 'আপনার বুকিংয়ের খবর',
      body: `<p>প্রিয় {{name}},</p>
<p>আপনার বুকিংয়ের সর্বশেষ অবস্থা নিচে দেওয়া হলো।</p>
${stayTable([...stayRows(LABELS.bn), row(LABELS.bn.booking, 'confirmation'), row(LABELS.bn.payment, 'paymentStatus'), ...paymentRows(LABELS.bn)])}
<p>কোনো তথ্য ঠিক না থাকলে এই ই-মেইলের উত্তর দিন, অথবা আমাদের ফ্রন্ট ডেস্কে ফোন করুন।</p>`,
    },
    BOOKING_CANCELLATION: {
      subject: 'বুকিং {{transactionId}} বাতিল হয়েছে',
      heading: 'আপনার বুকিং বাতিল হয়েছে',
      body: `<p>প্রিয় {{name}},</p>
<p>{{cancellationDate}} তারিখে আপনার বুকিংটি বাতিল করা হয়েছে। রুমটি আর আপনার জন্য রাখা নেই।</p>
${stayTable([...stayRows(LABELS.bn), otherRoomsRow(LABELS.bn), reasonRow(LABELS.bn), linkRow(LABELS.bn.bookAgain, 'rebookUrl')])}
<p>এমনটা প্রত্যাশিত না হলে আমাদের ফ্রন্ট ডেস্কে যোগাযোগ করুন। আবার বুকিং করতে আমরা সানন্দে সাহায্য করব।</p>`,
    },
  },
};

/** Built once per configuration: the frame's hotel facts never change while the process runs. */
const built = new WeakMap<Config, Map<string, TEmailTemplateDefault>>();

/**
 * The built-in design of `type` in `language` as a whole mail: subject and HTML (the hotel's
 * frame, with its name, address and phone filled in, around the body's `{{variables}}`).
 */
export function defaultTemplate(config: Config, type: EmailTemplateType, language: TLanguage): TEmailTemplateDefault {
  let cache = built.get(config);
  if (!cache) {
    cache = new Map();
    built.set(config, cache);
  }
  const key = `${type}:${language}`;
  let template = cache.get(key);
  if (!template) {
    const source = DEFAULT_TEMPLATES[language][type];
    const html = mailLayout({
      hotelName: config.hotel.name,
      heading: source.heading,
      bodyHtml: source.body,
      footer: hotelFooter(config.hotel, language),
    }).replace('<html>', `<html lang="${language}">`);
    template = { subject: source.subject, html };
    cache.set(key, template);
  }
  return template;
}
