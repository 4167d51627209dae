import type { TRoomSyncResult } from '@residency/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../test/i18n';
import { syncToasts } from './sync-toasts';

const empty: TRoomSyncResult = { preSyncError: null, created: [], deleted: [], kept: [], failed: [], invalid: [] };
let t: (key: string, options?: Record<string, unknown>) => string;

beforeAll(async () => {
  const i18n = await initTestI18n('en');
  const fixed = i18n.getFixedT('en', 'categories');
  t = (key, options) => fixed(key, { ...options });
});

describe('syncToasts', () => {
  it("says 'Saved' when no rooms were synced", () => {
    expect(syncToasts(null, t)).toEqual([{ type: 'success', content: 'Saved' }]);
  });

  it("says 'Saved.' then what happened to the rooms, in the spec's words", () => {
    const toasts = syncToasts(
      {
        ...empty,
        created: ['101', '102', '103A'],
        deleted: ['104'],
        kept: [{ number: '105', reason: 'it has a current or future booking' }],
        failed: [
          { number: '106', message: 'Room 106 already exists in Suite.' },
          { number: '107', message: '' },
        ],
        invalid: [{ number: '108', messages: ['Windows are required', 'Minibar is required'] }],
      },
      t,
    );
    expect(toasts).toEqual([
      { type: 'success', content: 'Saved.' },
      { type: 'success', content: '3 created.' },
      { type: 'success', content: '1 deleted.' },
      { type: 'warning', content: 'Room 105 kept: it has a current or future booking' },
      { type: 'error', content: 'Failed to create room 106: Room 106 already exists in Suite.' },
      { type: 'error', content: 'Failed to create room 107: Unknown error' },
      { type: 'error', content: 'Invalid room data for room 108: Windows are required, Minibar is required' },
    ]);
  });

  it('shows the pre-sync error as an error, and nothing for empty lists', () => {
    expect(syncToasts({ ...empty, preSyncError: 'Missing required field: windows in room features' }, t)).toEqual([
      { type: 'success', content: 'Saved.' },
      { type: 'error', content: 'Missing required field: windows in room features' },
    ]);
    expect(syncToasts({ ...empty, preSyncError: 'Something new' }, t)[1]).toEqual({ type: 'error', content: 'Something new' });
  });

  it('translates the messages of invalid rooms with the function given', () => {
    const [, toast] = syncToasts({ ...empty, invalid: [{ number: '9', messages: ['a', 'b'] }] }, t, (m) => m.toUpperCase());
    expect(toast!.content).toBe('Invalid room data for room 9: A, B');
  });

  it('speaks Bengali when the page does', async () => {
    const i18n = await initTestI18n('bn');
    const bn = i18n.getFixedT('bn', 'categories');
    const toasts = syncToasts(
      { ...empty, created: ['1'], preSyncError: 'Missing required field: minibar in food and beverages' },
      (key, options) => bn(key, { ...options }),
    );
    expect(toasts.map((x) => x.content)).toEqual([
      'সংরক্ষিত হয়েছে।',
      'আবশ্যক তথ্য নেই: খাবার ও পানীয়তে মিনিবার',
      '1টি রুম তৈরি হয়েছে।',
    ]);
    await i18n.changeLanguage('en');
  });
});
