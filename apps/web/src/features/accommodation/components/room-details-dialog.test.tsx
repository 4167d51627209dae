import type { TCategory } from '@residency/shared';
import { defaultCategory } from '@residency/shared/room-rules';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { RoomDetailsDialog } from './room-details-dialog';

const base = defaultCategory();
const category: TCategory = {
  ...base,
  _id: 'c1',
  name: 'Deluxe King',
  rackRate: 12000,
  offerPrice: 9500,
  description: 'A generous king bed and sunset views.',
  images: ['/uploads/2026/11/a-1280.webp', '/uploads/2026/11/b-1280.webp', '/uploads/2026/11/c-1280.webp'],
  room_features: { ...base.room_features, windows: 'Floor-to-ceiling window', usb_outlets: true },
  bath_and_bathroom_features: { ...base.bath_and_bathroom_features, robe: true },
  translations: {
    bn: { name: 'ডিলাক্স কিং', description: 'প্রশস্ত কিং বেড আর সূর্যাস্তের দৃশ্য।', size: '৩৬ বর্গমিটার', special_benefits: ['বিনামূল্যে সকালের নাশতা'] },
  },
  roomCount: 8,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const TEN = [
  'Room Overview',
  'Special Benefits',
  'Beds and Bedding',
  'Room Features',
  'Bath and Bathroom Features',
  'Furniture and Furnishings',
  'Food & Beverages',
  'Internet and Phones',
  'Entertainment',
  'Accessible Room Features',
];

/** A page with a View Details button that opens the pop-up, as the accommodation page does. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        View Details
      </button>
      {open && <RoomDetailsDialog category={category} onClose={() => setOpen(false)} />}
    </>
  );
}

describe('the room details pop-up (spec section 2)', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });
  afterEach(cleanup);

  it('is a modal dialog titled Accommodation with the name, From price, bed and size line, and the ten sections', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog', { name: 'Accommodation' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Deluxe King' })).toBeInTheDocument();
    const price = within(dialog).getByTestId('room-price');
    expect(price).toHaveTextContent('From');
    expect(within(price).getByTestId('rack-rate').tagName).toBe('S');
    expect(within(price).getByTestId('rack-rate')).toHaveTextContent('৳12,000');
    expect(within(price).getByTestId('offer-price')).toHaveTextContent('৳9,500');
    expect(price).toHaveTextContent('per night');
    expect(within(dialog).getByTestId('bed-size-line')).toHaveTextContent('1 King bed40 sq m / 430 sq ft');
    for (const title of TEN) expect(within(dialog).getByRole('heading', { name: title })).toBeInTheDocument();
  });

  it('ticks only the features that are true and shows texts and lists as they are', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'View Details' }));
    const features = screen.getByRole('region', { name: 'Room Features' });
    expect(features).toHaveTextContent('Floor-to-ceiling window');
    expect(within(features).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Air conditioned', 'Non-smoking', 'USB outlets']);
    const bath = screen.getByRole('region', { name: 'Bath and Bathroom Features' });
    expect(within(bath).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Bathrobe']);
    expect(screen.getByRole('region', { name: 'Entertainment' })).toHaveTextContent('All TV ChannelsNetflix');
    expect(screen.getByRole('region', { name: 'Accessible Room Features' })).toHaveTextContent('Not listed for this room');
  });

  it('moves focus in, keeps Tab inside, locks the page scroll, and on Escape closes and gives focus back', async () => {
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'View Details' });
    await userEvent.click(opener);
    const close = screen.getByRole('button', { name: 'Close' });
    expect(close).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(opener).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('the close button closes it', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'View Details' }));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the carousel goes forward, back (wrapping round) and to a dot', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'View Details' }));
    const counter = screen.getByTestId('gallery-counter');
    expect(counter).toHaveTextContent('1 / 3');
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(counter).toHaveTextContent('2 / 3');
    await userEvent.click(screen.getByRole('button', { name: 'Show photo 3 of 3' }));
    expect(counter).toHaveTextContent('3 / 3');
    expect(screen.getByRole('button', { name: 'Show photo 3 of 3' })).toHaveAttribute('aria-current', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    expect(counter).toHaveTextContent('1 / 3');
    await userEvent.click(screen.getByRole('button', { name: 'Previous photo' }));
    expect(counter).toHaveTextContent('3 / 3');
    const img = screen.getByAltText('Deluxe King, photo 1 of 3');
    expect(img).toHaveAttribute('srcset', expect.stringContaining('/uploads/2026/11/a-640.webp 640w'));
  });

  it('reads in Bengali from translations.bn, with Bengali digits, and falls back to English where a text is missing', async () => {
    await initTestI18n('bn');
    render(<RoomDetailsDialog category={category} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'থাকার ব্যবস্থা' });
    expect(within(dialog).getByRole('heading', { name: 'ডিলাক্স কিং' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('প্রশস্ত কিং বেড আর সূর্যাস্তের দৃশ্য।');
    expect(within(dialog).getByTestId('offer-price')).toHaveTextContent('৳৯,৫০০');
    // No Bengali beds text: the English one stays.
    expect(within(dialog).getByTestId('bed-size-line')).toHaveTextContent('1 King bed৩৬ বর্গমিটার');
    expect(within(dialog).getByRole('heading', { name: 'বিশেষ সুবিধা' })).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'বিশেষ সুবিধা' })).toHaveTextContent('বিনামূল্যে সকালের নাশতা');
    act(() => screen.getByRole('button', { name: 'পরের ছবি' }).click());
    expect(screen.getByTestId('gallery-counter')).toHaveTextContent('২ / ৩');
  });
});
