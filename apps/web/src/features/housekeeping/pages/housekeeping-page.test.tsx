import type { TRoom } from '@residency/shared';
import { defaultRoomTemplate } from '@residency/shared/room-rules';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import HousekeepingPage from './housekeeping-page';

// The page's ways out: the rooms and categories API, stubbed, so the test sees what is sent.
const updateRoom = vi.fn();
const template = defaultRoomTemplate();
const room: TRoom = {
  ...template,
  _id: 'r1',
  category: 'Phone Twin',
  status: 'available',
  price: 5500,
  images: [],
  room_overview: { name: 'Phone Twin', description: 'Nice.', size: '40 sq m', wireless_internet: 'WiFi', room_number: '705' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-20T08:30:00.000Z',
};
vi.mock('../../../lib/rooms-api', () => ({
  useGetRoomsQuery: () => ({ data: { success: true, data: [room], meta: { page: 1, limit: 500, total: 1 } }, isLoading: false, isFetching: false, isError: false }),
}));
vi.mock('../../../lib/categories-api', () => ({
  useGetCategoriesQuery: () => ({ data: { success: true, data: [{ name: 'Phone Twin', translations: {} }] } }),
}));
vi.mock('../../rooms', () => ({ useUpdateRoomMutation: () => [updateRoom] }));

// Every width query answers no: a phone.
installAntdDom({ desktop: false });

/**
 * Housekeeping on a phone, in Bengali (was the Bengali half of admin-phone.spec.ts's
 * Housekeeping test; the English card and its status change stay there, and its Bengali smoke
 * test changes a status in Bengali too).
 */
describe('Housekeeping on a phone in Bengali', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('bn');
    updateRoom.mockReset();
    updateRoom.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: { ...room, status: 'cleaning' } }) });
    // The rooms' blocks (issue 20): none here.
    stubApi(() => json(200, { success: true, data: [] }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('a card shows the status and the last change in Bengali, and its labelled drop-down sets a room to cleaning', async () => {
    renderWithStore(<HousekeepingPage />, { antd: true });
    expect(screen.getByRole('heading', { name: 'আজকের রুম' })).toBeInTheDocument();
    expect(document.querySelector('table')).toBeNull();
    const card = screen.getByTestId('room-705');
    expect(card.tagName).toBe('LI');
    expect(within(card).getByTestId('room-status')).toHaveTextContent('খালি');
    expect(within(card).getByTestId('room-updated')).toHaveTextContent(/^সর্বশেষ পরিবর্তন: /);
    expect(within(card).getByTestId('room-updated').textContent).not.toMatch(/[0-9]/);
    expect(within(card).getByRole('link', { name: 'অতিথির জন্য বুক করুন' })).toBeInTheDocument();
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: '705 নম্বর রুমের অবস্থা হালনাগাদ করুন' }));
    const option = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ant-select-item-option[title="পরিষ্কার হচ্ছে"]');
      if (!found) throw new Error('no option পরিষ্কার হচ্ছে');
      return found;
    });
    await userEvent.click(option);
    await waitFor(() => expect(updateRoom).toHaveBeenCalledWith({ id: 'r1', payload: { status: 'cleaning' } }));
    expect(await screen.findByText('রুমের অবস্থা হালনাগাদ হয়েছে।')).toBeInTheDocument();
  });
});
