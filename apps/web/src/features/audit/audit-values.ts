import type { TAuditRecord } from '@residency/shared';

/*
 * How the trail's records read on screen, as plain functions (the screen and the history panel
 * share them; a unit test holds them): a field's value, and the screen a record opens on.
 */

/** A field's value as the screen writes it: each kind has its own words or format. */
export type ValueView =
  | { kind: 'none' }
  | { kind: 'hidden' }
  | { kind: 'omitted'; length: number }
  | { kind: 'yes-no'; value: boolean }
  | { kind: 'number'; value: number }
  | { kind: 'moment'; value: string }
  | { kind: 'day'; value: string }
  | { kind: 'text'; value: string };

const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What a value of `changes` is: none (null or an empty text: "—"), a secret or an ID detail the
 * trail never kept (`{hidden: true}`), a long text it kept only the length of (`{omitted: n}`),
 * or a value to show (a moment in hotel time, a day, a number in the reader's digits, a text; a
 * list or an object as JSON).
 */
export function valueView(value: unknown): ValueView {
  if (value === null || value === undefined || value === '') return { kind: 'none' };
  if (typeof value === 'boolean') return { kind: 'yes-no', value };
  if (typeof value === 'number') return { kind: 'number', value };
  if (typeof value === 'string') {
    if (MOMENT.test(value)) return { kind: 'moment', value };
    if (DAY.test(value)) return { kind: 'day', value };
    return { kind: 'text', value };
  }
  if (typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    if (object.hidden === true && Object.keys(object).length === 1) return { kind: 'hidden' };
    if (typeof object.omitted === 'number' && Object.keys(object).length === 1) return { kind: 'omitted', length: object.omitted };
  }
  return { kind: 'text', value: JSON.stringify(value) };
}

/** The fields a record changed, in a stable order (by name), each with its value before and after. */
export function changedFields(changes: TAuditRecord['changes']): { field: string; before: unknown; after: unknown }[] {
  return Object.entries(changes ?? {})
    .map(([field, [before, after]]) => ({ field, before, after }))
    .sort((a, b) => a.field.localeCompare(b.field));
}

/** Screens that open one record, by its entity: the address for its id (the targets read these parameters). */
const RECORD_SCREENS: Partial<Record<string, (id: string) => string>> = {
  reservation: (id) => `/admin/reservation?reservation=${encodeURIComponent(id)}`,
  booking: (id) => `/admin/reservation?booking=${encodeURIComponent(id)}`,
  room: (id) => `/admin/room-management?edit=${encodeURIComponent(id)}`,
  user: (id) => `/admin/users?history=${encodeURIComponent(id)}`,
  'hero-slide': (id) => `/admin/hero-slides/${encodeURIComponent(id)}/edit`,
};

/** The admin screen that lists each kind of record (for a kind with no screen of one record, or one deleted). */
const LIST_SCREENS: Partial<Record<string, string>> = {
  user: '/admin/users',
  room: '/admin/room-management',
  reservation: '/admin/reservation',
  coupon: '/admin/manage-discount',
  category: '/admin/categories',
  'rate-plan': '/admin/rates',
  'rate-change': '/admin/rates',
  'charge-type': '/admin/charge-types',
  'channel-feed': '/admin/channels',
  'channel-conflict': '/admin/channels',
  'event-request': '/admin/event-request',
  'service-request': '/admin/user-request',
  blog: '/admin/blog-management',
  'gallery-item': '/admin/manage-gallery',
  'hero-slide': '/admin/hero-slides',
  'email-template': '/admin/email-templates',
  'sms-template': '/admin/sms-templates',
};

/**
 * Where a record opens: its own screen (a reservation's details, a room's edit, a user's
 * history), else the screen of what it belongs to (a payment: its reservation; a room's block:
 * the room), else the list of its kind; null where the admin has none (a business day). A
 * deleted record has no screen of its own any more: its owner's or its list's.
 */
export function recordHref(record: Pick<TAuditRecord, 'entity' | 'entityId' | 'parentEntity' | 'parentId' | 'action'>): string | null {
  const own = record.action !== 'delete' && record.entityId ? RECORD_SCREENS[record.entity]?.(record.entityId) : undefined;
  const parent = record.parentEntity && record.parentId ? RECORD_SCREENS[record.parentEntity]?.(record.parentId) : undefined;
  return own ?? parent ?? LIST_SCREENS[record.entity] ?? null;
}

/** A long id cut to its first characters, for a narrow column (the whole id is in its title). */
export function shortId(id: string): string {
  return id.length > 13 ? `${id.slice(0, 8)}…` : id;
}
