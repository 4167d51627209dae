import type { TRoomSyncResult } from '@residency/shared';
import { roomNumberText } from '../../lib/category-texts';
import { formatNumber, formatShortDate } from '../../lib/format';

export interface SyncToast {
  type: 'success' | 'warning' | 'error';
  content: string;
}

/** A translate function (the `categories` namespace's `t`). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface SyncToastOptions {
  /** The reader's language: numbers, room numbers and dates are written in its digits. */
  lng?: string;
  /** Translates one per-room validation message (the server sends them in English). */
  message?: (text: string) => string;
}

/** The spec's pre-sync messages (section 5) with their keys, so they can be shown translated. */
const PRESYNC_KEYS: Record<string, string> = {
  'Room overview data is incomplete. Please check all fields are filled.': 'presync.overview',
  'Missing required field: windows in room features': 'presync.windows',
  'Missing required field: room service in food and beverages': 'presync.roomService',
  'Missing required field: bottled water in food and beverages': 'presync.bottledWater',
  'Missing required field: minibar in food and beverages': 'presync.minibar',
};

/** The `categories` key of one of the spec's pre-sync messages, or undefined. */
export function presyncKey(message: string): string | undefined {
  return PRESYNC_KEYS[message];
}

/** Params of a sync reason that are dates (YYYY-MM-DD), shown the spec's way in the reader's language. */
const DATE_PARAMS = new Set(['checkIn', 'checkOut']);

/**
 * What a category save did, as the spec's toasts (section 8), in order: 'Saved' when no rooms
 * were synced, else 'Saved.', then the reason nothing was synced, '{n} created.', '{n} deleted.',
 * a warning per room kept with its reason, and an error per room that could not be made.
 * Reasons are said from their code and params (`syncReasons.{code}`); a code this page does not
 * know shows the server's English words.
 */
export function syncToasts(sync: TRoomSyncResult | null, t: Translate, options: SyncToastOptions = {}): SyncToast[] {
  const { lng = 'en', message = (m: string) => m } = options;
  if (!sync) return [{ type: 'success', content: t('messages.saved') }];
  const room = (number: string) => roomNumberText(number, lng);
  const reason = (code: string, params: Record<string, string>, english: string) =>
    t(`syncReasons.${code}`, {
      ...Object.fromEntries(
        Object.entries(params).map(([key, value]) => [
          key,
          DATE_PARAMS.has(key) ? formatShortDate(value, lng) : key === 'number' ? room(value) : value,
        ]),
      ),
      message: english,
      defaultValue: english,
    });

  const toasts: SyncToast[] = [{ type: 'success', content: t('messages.savedSynced') }];
  if (sync.preSyncError) {
    const key = PRESYNC_KEYS[sync.preSyncError];
    toasts.push({ type: 'error', content: key ? t(key) : sync.preSyncError });
  }
  if (sync.created.length > 0) {
    toasts.push({ type: 'success', content: t('messages.created', { n: formatNumber(sync.created.length, lng) }) });
  }
  if (sync.deleted.length > 0) {
    toasts.push({ type: 'success', content: t('messages.roomsDeleted', { n: formatNumber(sync.deleted.length, lng) }) });
  }
  for (const kept of sync.kept) {
    toasts.push({
      type: 'warning',
      content: t('messages.kept', { number: room(kept.number), reason: reason(kept.code, kept.params, kept.reason) }),
    });
  }
  for (const failed of sync.failed) {
    const english = failed.message || t('messages.unknownError');
    toasts.push({
      type: 'error',
      content: t('messages.createFailed', { number: room(failed.number), message: reason(failed.code, failed.params, english) }),
    });
  }
  for (const invalid of sync.invalid) {
    toasts.push({
      type: 'error',
      content: t('messages.invalid', { number: room(invalid.number), messages: invalid.messages.map(message).join(', ') }),
    });
  }
  return toasts;
}
