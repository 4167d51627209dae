import type { EmailTemplateType } from '@residency/shared';

/**
 * The built-in design of each booking e-mail. The e-mail designer (a later feature) saves its
 * own designs, which take their place; these stay as the fallback. `{{hotelName}}`-style
 * facts of the hotel are filled from the configuration, the rest from the booking.
 */
export interface DefaultTemplate {
  subject: string;
  heading: string;
  /** Body HTML with {{variables}} (values are escaped when filled). */
  body: string;
}

const cells = (label: string, value: string) =>
  `<td style="padding:6px 12px 6px 0;color:#6b7280;white-space:nowrap">${label}</td><td style="padding:6px 0;font-weight:600">${value}</td>`;

const row = (label: string, variable: string) => `<tr>${cells(label, `{{${variable}}}`)}</tr>`;

/** The coupon's line, minus sign and code as on the booking page; left out when no coupon applied. */
const discountRow = `<tr data-if="discount">${cells('Discount ({{couponCode}})', '−{{discount}}')}</tr>`;

const stayTable = (rows: string[]) =>
  `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;border-top:1px solid #e5e7eb;border-bottom:1px solid #e5e7eb;width:100%">${rows.join('')}</table>`;

export const DEFAULT_TEMPLATES: Record<EmailTemplateType, DefaultTemplate> = {
  BOOKING_CONFIRMATION_USER: {
    subject: 'Your booking {{reservationId}} is received',
    heading: 'Thank you for booking with us',
    body: `<p>Dear {{name}},</p>
<p>We have received your booking. Our front desk will confirm it shortly; you will get another e-mail when they do.</p>
${stayTable([
  row('Booking ID', 'reservationId'),
  row('Room', 'roomType'),
  row('Room number', 'roomNumber'),
  row('Check-in', 'startDate'),
  row('Check-out', 'endDate'),
  row('Nights', 'nights'),
  row('Per night', 'perNightCost'),
  row('Subtotal', 'subtotal'),
  discountRow,
  row('Service charge', 'serviceCharge'),
  row('VAT', 'vat'),
  row('Total', 'amount'),
])}
<p>Check-in is from 2 pm and check-out until 12 noon. Please bring your NID or passport.</p>
<p>We look forward to welcoming you.</p>`,
  },
  BOOKING_CONFIRMATION_ADMIN: {
    subject: 'New booking {{reservationId}}: {{roomType}}, {{startDate}} to {{endDate}}',
    heading: 'A new booking has arrived',
    body: `<p>A booking was made on {{orderDate}}. Please confirm it in the Reservations screen.</p>
${stayTable([
  row('Booking ID', 'reservationId'),
  row('Guest', 'name'),
  row('E-mail', 'email'),
  row('Phone', 'phone'),
  row('Address', 'address'),
  row('Room', 'roomType'),
  row('Room number', 'roomNumber'),
  row('Check-in', 'startDate'),
  row('Check-out', 'endDate'),
  row('Nights', 'nights'),
  discountRow,
  row('Total', 'amount'),
])}
<p style="color:#6b7280;font-size:12px">Sent to {{admin_email}}.</p>`,
  },
  BOOKING_STATUS_UPDATE: {
    subject: 'Booking {{transactionId}}: {{confirmation}}, payment {{paymentStatus}}',
    heading: 'Your booking has been updated',
    body: `<p>Dear {{name}},</p>
<p>Here is the latest on your booking.</p>
${stayTable([
  row('Booking ID', 'transactionId'),
  row('Room', 'room'),
  row('Check-in', 'startDate'),
  row('Check-out', 'endDate'),
  row('Total', 'amount'),
  row('Booking', 'confirmation'),
  row('Payment', 'paymentStatus'),
])}
<p>If anything is not right, just reply to this e-mail or call our front desk.</p>`,
  },
  BOOKING_CANCELLATION: {
    subject: 'Booking {{transactionId}} is cancelled',
    heading: 'Your booking is cancelled',
    body: `<p>Dear {{name}},</p>
<p>Your booking was cancelled on {{cancellationDate}}. The room is no longer held for you.</p>
${stayTable([
  row('Booking ID', 'transactionId'),
  row('Room', 'room'),
  row('Check-in', 'startDate'),
  row('Check-out', 'endDate'),
  row('Total', 'amount'),
])}
<p>If you did not expect this, please contact our front desk. We would be glad to help you book again.</p>`,
  },
};
