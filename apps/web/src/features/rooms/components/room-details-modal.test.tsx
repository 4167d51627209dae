import type { TRoom } from '@residency/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import { RoomDetailsModal } from './room-details-modal';

installAntdDom({ desktop: true });
afterEach(cleanup);

const room = {
  _id: '00000000-0000-4000-8000-000000000001',
  category: 'Twin',
  status: 'available',
  price: 125000,
  images: [],
  room_overview: { name: 'Twin', description: '', size: '', wireless_internet: 'Wi-Fi', room_number: '101' },
  special_benefits: [],
  beds_and_bedding: { maximum_adults: 3, maximum_children: 1, maximum_occupancy: 4, beds: 'Twin beds' },
  room_features: { windows: 'Garden' },
  bath_and_bathroom_features: {},
  furniture_and_furnishings: {},
  food_and_beverages: { room_service: '24-hour', bottled_water: 'Free', minibar: 'Stocked' },
  internet_and_phones: { phones: 2, phone_features: [], wireless_internet: 'Wi-Fi' },
  entertainment: { international_channels: [] },
  accessible_room_features: {},
} as unknown as TRoom;

describe('Rooms › Details in Bengali', () => {
  it('writes the room number, counts and price in Bengali digits', async () => {
    await initTestI18n('bn');
    render(<RoomDetailsModal room={room} onClose={() => {}} />);
    const details = await screen.findByTestId('room-details');
    expect(screen.getByText('রুম ১০১ · Twin')).toBeInTheDocument();
    expect(details).toHaveTextContent('৳১,২৫,০০০');
    const row = (label: string) => within(details).getByText(label).closest('tr')!;
    expect(row('সর্বোচ্চ প্রাপ্তবয়স্ক')).toHaveTextContent('৩');
    expect(row('সর্বোচ্চ প্রাপ্তবয়স্ক').textContent).not.toMatch(/[0-9]/);
    expect(row('রুম নম্বর').textContent).not.toMatch(/[0-9]/);
  });
});
