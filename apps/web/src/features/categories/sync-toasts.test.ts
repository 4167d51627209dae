import type { TRoomSyncResult } from '@residency/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatShortDate } from '../../lib/format';
import { initTestI18n } from '../../test/i18n';
import { syncToasts } from './sync-toasts';

const empty: TRoomSyncResult = { preSyncError: null, created: [], deleted: [], kept: [], failed: [], invalid: [] };
let t: (key: string, options?: Record<string, unknown>) => string;

beforeAll(async () => {
  const i18n = await initTestI18n('en');
  const fixed = i18n.getFixedT('en', 'categories');
  t = (key, options) => fixed(key, { ...options });
});

/** A sync with one of each kind of result, as the server sends it. */
const busy: TRoomSyncResult = {
  ...empty,
  created: ['101', '102', '103A'],
  deleted: ['104'],
  kept: [
    {
      number: '105',
      reason: 'it has a stay from 2026-12-03 to 2026-12-05 (RSV-7K3F9Q2M).',
      code: 'ROOM_HAS_STAY',
      params: { checkIn: '2026-12-03', checkOut: '2026-12-05', transactionId: 'RSV-7K3F9Q2M' },
    },
  ],
  failed: [
    {
      number: '106',
      message: 'Room 106 already exists in Suite.',
      code: 'ROOM_NUMBER_TAKEN',
      params: { number: '106', category: 'Suite' },
    },
    { number: '107', message: '', code: 'ROOM_CREATE_FAILED', params: { number: '107' } },
  ],
  invalid: [{ number: '108', messages: ['Windows are required', 'Minibar is required'] }],
};

describe('syncToasts', () => {
  it("says 'Saved' when no rooms were synced", () => {
    expect(syncToasts(null, t)).toEqual([{ type: 'success', content: 'Saved' }]);
  });

  it("says 'Saved.' then what happened to the rooms, in the spec's words", () => {
    expect(syncToasts(busy, t)).toEqual([
      { type: 'success', content: 'Saved.' },
      { type: 'success', content: '3 created.' },
      { type: 'success', content: '1 deleted.' },
      { type: 'warning', content: 'Room 105 kept: it has a stay from Thu, Dec 3 to Sat, Dec 5 (RSV-7K3F9Q2M).' },
      { type: 'error', content: 'Failed to create room 106: Room 106 already exists in Suite.' },
      { type: 'error', content: 'Failed to create room 107: Unknown error' },
      { type: 'error', content: 'Invalid room data for room 108: Windows are required, Minibar is required' },
    ]);
  });

  it("shows an unexpected fault's message as the server wrote it", () => {
    const [, toast] = syncToasts(
      { ...empty, failed: [{ number: '9', message: 'connection lost', code: 'ROOM_CREATE_FAILED', params: { number: '9' } }] },
      t,
    );
    expect(toast!.content).toBe('Failed to create room 9: connection lost');
  });

  it("shows the server's English words for a reason whose code it does not know", () => {
    const [, toast] = syncToasts(
      { ...empty, kept: [{ number: '5', reason: 'a guest is staying in it', code: 'ROOM_IN_USE', params: {} }] },
      t,
    );
    expect(toast!.content).toBe('Room 5 kept: a guest is staying in it');
  });

  it('shows the pre-sync error as an error, and nothing for empty lists', () => {
    expect(syncToasts({ ...empty, preSyncError: 'Missing required field: windows in room features' }, t)).toEqual([
      { type: 'success', content: 'Saved.' },
      { type: 'error', content: 'Missing required field: windows in room features' },
    ]);
    expect(syncToasts({ ...empty, preSyncError: 'Something new' }, t)[1]).toEqual({ type: 'error', content: 'Something new' });
  });

  it('translates the messages of invalid rooms with the function given', () => {
    const [, toast] = syncToasts({ ...empty, invalid: [{ number: '9', messages: ['a', 'b'] }] }, t, { message: (m) => m.toUpperCase() });
    expect(toast!.content).toBe('Invalid room data for room 9: A, B');
  });

  it("speaks Bengali when the page does: the reader's digits, and the reasons said from their codes", async () => {
    const i18n = await initTestI18n('bn');
    const bn = i18n.getFixedT('bn', 'categories');
    const toasts = syncToasts(
      { ...busy, created: Array.from({ length: 12 }, (_, i) => String(201 + i)), preSyncError: 'Missing required field: minibar in food and beverages' },
      (key, options) => bn(key, { ...options }),
      { lng: 'bn' },
    );
    expect(toasts.map((x) => x.content)).toEqual([
      'সংরক্ষণ করা হয়েছে।',
      'খাবার ও পানীয় অংশে মিনিবারের তথ্য দিন।',
      '১২টি রুম তৈরি হয়েছে।',
      '১টি রুম মুছে ফেলা হয়েছে।',
      `রুম ১০৫ রেখে দেওয়া হয়েছে: ${formatShortDate('2026-12-03', 'bn')} থেকে ${formatShortDate('2026-12-05', 'bn')} পর্যন্ত এতে একটি বুকিং আছে (RSV-7K3F9Q2M)।`,
      'রুম ১০৬ তৈরি করা যায়নি: রুম ১০৬ আগে থেকেই Suite ক্যাটাগরিতে আছে।',
      'রুম ১০৭ তৈরি করা যায়নি: রুমটি সংরক্ষণ করা যায়নি (অজানা সমস্যা)।',
      'রুম ১০৮-এর তথ্যে ভুল আছে: Windows are required, Minibar is required।',
    ]);
    // Not one Latin digit outside the booking's own code.
    for (const toast of toasts) expect(toast.content.replace('RSV-7K3F9Q2M', '')).not.toMatch(/[0-9]/);
    await i18n.changeLanguage('en');
  });
});
