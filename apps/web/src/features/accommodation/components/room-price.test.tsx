import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { RoomPrice } from './room-price';

/* "From ৳…" on /accommodation (issue 21): the lowest price bookable in the next 30 days, with that night's minimum stay. */
describe('RoomPrice', () => {
  afterEach(cleanup);

  it('says From, the price and the minimum stay when it is more than a night', async () => {
    await initTestI18n('en');
    render(<RoomPrice rackRate={0} offerPrice={5500} from minStay={2} />);
    expect(screen.getByTestId('room-price')).toHaveTextContent(/^From\s*৳5,500\s*per night\s*· min 2 nights$/);
  });

  it('says nothing of a one-night minimum', async () => {
    await initTestI18n('en');
    render(<RoomPrice rackRate={0} offerPrice={5500} from minStay={1} />);
    expect(screen.queryByTestId('from-min-stay')).toBeNull();
  });

  it('in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    render(<RoomPrice rackRate={0} offerPrice={5500} from minStay={3} />);
    expect(screen.getByTestId('from-min-stay')).toHaveTextContent('· কমপক্ষে ৩ রাত');
    expect(screen.getByTestId('offer-price')).toHaveTextContent('৳৫,৫০০');
  });
});
