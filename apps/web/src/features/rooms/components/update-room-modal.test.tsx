import type { TRoom } from '@residency/shared';
import { defaultRoomTemplate } from '@residency/shared/room-rules';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { UpdateRoomModal } from './update-room-modal';
import { installAntdDom } from '../../../test/antd-dom';

// The modal's only ways out: the PATCH call and the session's token. Both are stubbed here, so
// the test sees exactly what would be sent.
const updateRoom = vi.fn();
vi.mock('../api', () => ({ useUpdateRoomMutation: () => [updateRoom] }));
vi.mock('../../../lib/use-session', () => ({ useSession: () => ({ token: 't' }) }));

const template = defaultRoomTemplate();
const room: TRoom = {
  ...template,
  _id: 'r1',
  category: 'Deluxe King',
  status: 'available',
  price: 5500,
  images: [],
  room_overview: { name: 'Deluxe King', description: 'Nice.', size: '40 sq m', wireless_internet: 'WiFi', room_number: '101' },
  room_features: { ...template.room_features, windows: 'Garden' },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

installAntdDom();

function renderModal(offerPrices?: Record<string, number>) {
  render(
    <App>
      <UpdateRoomModal room={room} categories={['Deluxe King']} offerPrices={offerPrices} onClose={() => {}} />
    </App>,
  );
}

describe('the Update Room modal', () => {
  beforeEach(async () => {
    await initTestI18n('en');
    updateRoom.mockReset();
    updateRoom.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: room }) });
  });
  afterEach(cleanup);

  it("with the price cleared, says 'Price must be a number' and sends nothing", async () => {
    renderModal();
    await userEvent.clear(await screen.findByLabelText('Price Per Night'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // On the field and in a toast.
    await waitFor(() => expect(screen.getAllByText('Price must be a number').length).toBeGreaterThanOrEqual(2));
    expect(updateRoom).not.toHaveBeenCalled();
    expect(screen.queryByText('Room updated successfully')).toBeNull();
  });

  it("says the room's supplement over its type's rate as the price is typed (issue 21)", async () => {
    renderModal({ 'Deluxe King': 5000 });
    expect(await screen.findByTestId('room-supplement')).toHaveTextContent("৳5,000 is the room type's rate; this room +৳500 a night.");
    const price = screen.getByLabelText('Price Per Night');
    await userEvent.clear(price);
    await userEvent.type(price, '4800');
    expect(screen.getByTestId('room-supplement')).toHaveTextContent('this room −৳200 a night.');
  });

  it('sends a new price', async () => {
    renderModal();
    const price = await screen.findByLabelText('Price Per Night');
    await userEvent.clear(price);
    await userEvent.type(price, '7000');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateRoom).toHaveBeenCalledWith({ id: 'r1', payload: { price: 7000 } }));
    expect(await screen.findByText('Room updated successfully')).toBeInTheDocument();
  });
});
