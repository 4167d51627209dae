import type { TEventLayout, TEventStatus, TEventType, TFoodPreference, TLanguage } from './event-kinds.ts';
import type { TServiceType } from './services.ts';

/**
 * The words for the fixed choices of event and service requests, in both languages: one source
 * for the forms, the staff screens and the e-mails (which the server writes in the requester's
 * language). The stored values stay the spec's English names.
 */
type Labels<K extends string> = Record<TLanguage, Record<K, string>>;

export const EVENT_TYPE_LABELS: Labels<TEventType> = {
  en: { Conference: 'Conference', Wedding: 'Wedding', Birthday: 'Birthday', Corporate: 'Corporate', Other: 'Other' },
  bn: { Conference: 'সম্মেলন', Wedding: 'বিয়ে', Birthday: 'জন্মদিন', Corporate: 'কর্পোরেট', Other: 'অন্যান্য' },
};

export const EVENT_LAYOUT_LABELS: Labels<TEventLayout> = {
  en: {
    'Classroom Setup': 'Classroom Setup',
    'U-Shape Layout': 'U-Shape Layout',
    'I-Shape Layout': 'I-Shape Layout',
    'Theater Style': 'Theater Style',
    'Custom Layout': 'Custom Layout',
  },
  bn: {
    'Classroom Setup': 'ক্লাসরুম বিন্যাস',
    'U-Shape Layout': 'ইউ-আকৃতির বিন্যাস',
    'I-Shape Layout': 'আই-আকৃতির বিন্যাস',
    'Theater Style': 'থিয়েটার বিন্যাস',
    'Custom Layout': 'পছন্দমতো বিন্যাস',
  },
};

export const FOOD_PREFERENCE_LABELS: Labels<TFoodPreference> = {
  en: { buffet: 'Buffet', plated: 'Plated', snacks: 'Snacks', none: 'No food' },
  bn: { buffet: 'বুফে', plated: 'প্লেটে পরিবেশন', snacks: 'হালকা খাবার', none: 'খাবার লাগবে না' },
};

export const EVENT_STATUS_LABELS: Labels<TEventStatus> = {
  en: { pending: 'Pending', confirmed: 'Confirmed', cancelled: 'Cancelled' },
  bn: { pending: 'অপেক্ষমাণ', confirmed: 'নিশ্চিত', cancelled: 'বাতিল' },
};

export const SERVICE_TYPE_LABELS: Labels<TServiceType> = {
  en: {
    housekeeping: 'Housekeeping',
    extra_towels: 'Extra towels',
    room_service: 'Room service',
    laundry: 'Laundry',
    maintenance: 'Maintenance',
    wake_up_call: 'Wake-up call',
    other: 'Other',
  },
  bn: {
    housekeeping: 'রুম পরিষ্কার',
    extra_towels: 'বাড়তি তোয়ালে',
    room_service: 'রুম সার্ভিস',
    laundry: 'লন্ড্রি',
    maintenance: 'মেরামত',
    wake_up_call: 'ঘুম ভাঙানোর কল',
    other: 'অন্যান্য',
  },
};

/** The label of `value` in `lng` (English for a language the site does not have). */
export function labelOf<K extends string>(labels: Labels<K>, value: K, lng: string): string {
  return (labels[lng as TLanguage] ?? labels.en)[value] ?? value;
}
