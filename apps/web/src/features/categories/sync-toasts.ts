import type { TRoomSyncResult } from '@residency/shared';

export interface SyncToast {
  type: 'success' | 'warning' | 'error';
  content: string;
}

/** A translate function (the `categories` namespace's `t`). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The spec's pre-sync messages (section 5) with their keys, so they can be shown translated. */
const PRESYNC_KEYS: Record<string, string> = {
  'Room overview data is incomplete. Please check all fields are filled.': 'presync.overview',
  'Missing required field: windows in room features': 'presync.windows',
  'Missing required field: room service in food and beverages': 'presync.roomService',
  'Missing required field: bottled water in food and beverages': 'presync.bottledWater',
  'Missing required field: minibar in food and beverages': 'presync.minibar',
};

/**
 * What a category save did, as the spec's toasts (section 8), in order: 'Saved' when no rooms
 * were synced, else 'Saved.', then the reason nothing was synced, '{n} created.', '{n} deleted.',
 * a warning per room kept with its reason, and an error per room that could not be made.
 * `message` translates one per-room validation message (the server sends them in English).
 */
export function syncToasts(sync: TRoomSyncResult | null, t: Translate, message: (text: string) => string = (m) => m): SyncToast[] {
  if (!sync) return [{ type: 'success', content: t('messages.saved') }];
  const toasts: SyncToast[] = [{ type: 'success', content: t('messages.savedSynced') }];
  if (sync.preSyncError) {
    const key = PRESYNC_KEYS[sync.preSyncError];
    toasts.push({ type: 'error', content: key ? t(key) : sync.preSyncError });
  }
  if (sync.created.length > 0) toasts.push({ type: 'success', content: t('messages.created', { n: sync.created.length }) });
  if (sync.deleted.length > 0) toasts.push({ type: 'success', content: t('messages.roomsDeleted', { n: sync.deleted.length }) });
  for (const room of sync.kept) {
    toasts.push({ type: 'warning', content: t('messages.kept', { number: room.number, reason: room.reason }) });
  }
  for (const room of sync.failed) {
    toasts.push({
      type: 'error',
      content: t('messages.createFailed', { number: room.number, message: room.message || t('messages.unknownError') }),
    });
  }
  for (const room of sync.invalid) {
    toasts.push({
      type: 'error',
      content: t('messages.invalid', { number: room.number, messages: room.messages.map(message).join(', ') }),
    });
  }
  return toasts;
}
