import type { SmsTemplateType, TLanguage } from '@residency/shared';

/**
 * The built-in SMS of each type, in English and Bengali: what a guest gets until the admin writes
 * their own. Kept short: an English one fits one GSM-7 SMS of 160 characters when its values are
 * short (Taka is written "Tk" in English, see sms.render.ts); a Bengali one is Unicode, 70
 * characters a segment, and stays within two. The pre-arrival SMS carries the check-in link,
 * which alone is about 90 characters.
 */
export const SMS_DEFAULTS: Record<SmsTemplateType, Record<TLanguage, string>> = {
  BOOKING_CONFIRMED: {
    en: '{{hotelName}}: booking {{reservationId}} confirmed, {{startDate}} to {{endDate}}. Total {{amount}}. Thank you!',
    bn: '{{hotelName}}: বুকিং {{reservationId}} নিশ্চিত, {{startDate}} থেকে {{endDate}}। মোট {{amount}}। ধন্যবাদ!',
  },
  PAYMENT_RECEIVED: {
    en: '{{hotelName}}: we received {{amount}} for booking {{reservationId}}. Thank you!',
    bn: '{{hotelName}}: বুকিং {{reservationId}}-এর {{amount}} পেয়েছি। ধন্যবাদ!',
  },
  PRE_ARRIVAL: {
    en: '{{hotelName}}: see you on {{startDate}}! Check in online and skip the desk: {{checkInUrl}}',
    bn: 'অনলাইনে চেক-ইন করুন: {{checkInUrl}}',
  },
  CANCELLATION: {
    en: '{{hotelName}}: booking {{reservationId}} ({{startDate}}) is cancelled.',
    bn: '{{hotelName}}: বুকিং {{reservationId}} ({{startDate}}) বাতিল হয়েছে।',
  },
  PHONE_CODE: {
    en: '{{code}} is your {{hotelName}} code. It works for {{minutes}} minutes.',
    bn: '{{hotelName}} কোড: {{code}}। {{minutes}} মিনিট কাজ করবে।',
  },
};
