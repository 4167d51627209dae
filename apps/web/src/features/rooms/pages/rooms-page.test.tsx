import type { TRoom } from '@residency/shared';
import { defaultRoomTemplate } from '@residency/shared/room-rules';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { sampleBlock } from '../../../test/channels';
import { initTestI18n } from '../../../test/i18n';
import RoomsPage from './rooms-page';

// The page's ways out: the rooms and categories API and the session (for the Update modal).
const template = defaultRoomTemplate();
const room: TRoom = {
  ...template,
  _id: 'r1',
  category: 'Deluxe King',
  status: 'available',
  price: 5500,
  images: [],
  room_overview: { name: 'Deluxe King', description: 'Nice.', size: '40 sq m', wireless_internet: 'WiFi', room_number: '301' },
  room_features: { ...template.room_features, windows: 'Garden' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
vi.mock('../../../lib/rooms-api', () => ({
  useGetRoomQuery: () => ({ data: undefined }),
  useGetRoomsQuery: () => ({ data: { success: true, data: [room], meta: { page: 1, limit: 10, total: 1 } }, isFetching: false, isError: false }),
}));
vi.mock('../../../lib/categories-api', () => ({
  useGetCategoriesQuery: () => ({ data: { success: true, data: [{ name: 'Deluxe King' }] } }),
}));
vi.mock('../api', () => ({ useUpdateRoomMutation: () => [vi.fn()], useDeleteRoomMutation: () => [vi.fn()] }));
// Airbnb holds room 301 for three nights: the list shows it beside the status (issue 20).
vi.mock('../../blocks/api', () => ({
  useGetBlocksQuery: () => ({ data: { success: true, data: [sampleBlock()] } }),
}));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ token: 't' }) }));

const renderPage = () =>
  render(
    <App>
      <MemoryRouter>
        <RoomsPage />
      </MemoryRouter>
    </App>,
  );

/**
 * Admin › Rooms in Bengali (was the browser test 'the rooms list speaks Bengali' of
 * admin-rooms.spec.ts; the English flow stays there, the 375 px cards in admin-phone.spec.ts).
 */
describe('Admin › Rooms in Bengali', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('at desktop width: the heading, search, columns, status and actions, and the Update modal read in Bengali', async () => {
    installAntdDom({ desktop: true });
    await initTestI18n('bn');
    renderPage();
    expect(screen.getByRole('heading', { name: 'রুম', level: 2 })).toBeInTheDocument();
    expect(screen.getByText('এখানে আপনার রুমগুলো পরিচালনা করুন')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('রুম নম্বর ও নাম দিয়ে খুঁজুন')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'রুম নম্বর' })).toBeInTheDocument();
    const row = screen.getByTestId('room-301');
    expect(row.tagName).toBe('TR');
    expect(within(row).getByTestId('room-status')).toHaveTextContent('খালি');
    expect(within(row).getByTestId('room-blocks')).toHaveTextContent(/^Airbnb আটকে রেখেছে, মঙ্গল, ১২ জানু, ২০২৭ ~ শুক্র, ১৫ জানু, ২০২৭$/);
    expect(within(row).getByRole('button', { name: /অবস্থা বদলান/ })).toBeInTheDocument();
    await userEvent.click(within(row).getByTestId('update-301'));
    const dialog = await screen.findByRole('dialog', { name: 'রুমের বিবরণ হালনাগাদ করুন' });
    expect(within(dialog).getByText('খালি রাখলে ক্যাটাগরির ছবি দেখানো হবে।')).toBeInTheDocument();
  });

  it('on a phone: a card with the status and actions in Bengali, and the column filters as two labelled drop-downs', async () => {
    installAntdDom({ desktop: false });
    await initTestI18n('bn');
    renderPage();
    expect(document.querySelector('table')).toBeNull();
    const card = screen.getByTestId('room-301');
    expect(card.tagName).toBe('LI');
    expect(within(card).getByTestId('room-status')).toHaveTextContent('খালি');
    expect(within(card).getByTestId('room-blocks')).toHaveTextContent(/^Airbnb আটকে রেখেছে/);
    expect(within(card).getByRole('button', { name: /হালনাগাদ/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /অবস্থা বদলান/ })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: /মুছুন/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'ক্যাটাগরি অনুযায়ী ফিল্টার' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'অবস্থা অনুযায়ী ফিল্টার' })).toBeInTheDocument();
    // Details shows the block under the room's status too.
    await userEvent.click(within(card).getByRole('button', { name: /বিস্তারিত/ }));
    expect(within(await screen.findByTestId('room-details')).getByTestId('room-blocks')).toHaveTextContent(/^Airbnb আটকে রেখেছে/);
  });
});
