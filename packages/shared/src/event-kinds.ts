/**
 * The fixed choices of event requests, without zod: the public page's first view (and the
 * menu) read them without loading the contracts.
 *
 * Spec section 3, Event request.
 */
export const EVENT_TYPES = ['Conference', 'Wedding', 'Birthday', 'Corporate', 'Other'] as const;
export const EVENT_LAYOUTS = ['Classroom Setup', 'U-Shape Layout', 'I-Shape Layout', 'Theater Style', 'Custom Layout'] as const;
export const FOOD_PREFERENCES = ['buffet', 'plated', 'snacks', 'none'] as const;
export const EVENT_STATUSES = ['pending', 'confirmed', 'cancelled'] as const;
/** The languages of the site: a requester is written to in the one they used. */
export const LANGUAGES = ['en', 'bn'] as const;

export type TEventType = (typeof EVENT_TYPES)[number];
export type TEventLayout = (typeof EVENT_LAYOUTS)[number];
export type TFoodPreference = (typeof FOOD_PREFERENCES)[number];
export type TEventStatus = (typeof EVENT_STATUSES)[number];
export type TLanguage = (typeof LANGUAGES)[number];

/** The most guests the hotel's largest hall seats; a request for more is a typing slip. */
export const EVENT_GUESTS_MAX = 1000;
/** How far ahead an event may be asked for. */
export const EVENT_DAYS_AHEAD_MAX = 730;

/** The event type each submenu item of Meetings & Events preselects on /events. */
export const EVENT_MENU_TYPES: Record<'corporate' | 'private' | 'wedding', TEventType> = {
  corporate: 'Corporate',
  private: 'Other',
  wedding: 'Wedding',
};
