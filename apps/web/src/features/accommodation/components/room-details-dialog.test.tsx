import type { TCategory } from '@residency/shared';
import { defaultCategory } from '@residency/shared/room-rules';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../test/store';
import { initTestI18n } from '../../../test/i18n';
import { BookLink } from './book-link';
import { RoomDetailsDialog } from './room-details-dialog';

const base = defaultCategory();
const category: TCategory = {
  ...base,
  _id: 'c1',
  name: 'Deluxe King',
  rackRate: 12000,
  offerPrice: 9500,
  description: 'A generous king bed and sunset views.',
  images: ['/uploads/2026/11/0a6d1c7e-4d4b-4a5e-9f1e-3c2b1a000001-1280.webp', '/uploads/2026/11/0a6d1c7e-4d4b-4a5e-9f1e-3c2b1a000002-1280.webp', '/uploads/2026/11/0a6d1c7e-4d4b-4a5e-9f1e-3c2b1a000003-1280.webp'],
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
    expect(img).toHaveAttribute('srcset', expect.stringContaining('/uploads/2026/11/0a6d1c7e-4d4b-4a5e-9f1e-3c2b1a000001-640.webp 640w'));
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

  it('shows every free text of the sections in Bengali when the category has it', async () => {
    await initTestI18n('bn');
    const bn = {
      ...category.translations.bn,
      beds: '১টি কিং বেড',
      wireless_internet: 'বিনামূল্যে উচ্চগতির ওয়াইফাই',
      windows: 'মেঝে থেকে ছাদ পর্যন্ত জানালা',
      room_service: '২৪ ঘণ্টা',
      bottled_water: 'বিনামূল্যে',
      minibar: 'পানীয় ও হালকা খাবারে সাজানো; মূল্য প্রযোজ্য',
      phone_features: ['ভয়েসমেইল', 'স্পিকারফোন'],
      international_channels: ['সব টিভি চ্যানেল', 'নেটফ্লিক্স'],
    };
    render(<RoomDetailsDialog category={{ ...category, translations: { bn } }} onClose={() => {}} />);
    const region = (name: string) => screen.getByRole('region', { name });
    expect(region('রুমের সংক্ষিপ্ত বিবরণ')).toHaveTextContent('ওয়্যারলেস ইন্টারনেটবিনামূল্যে উচ্চগতির ওয়াইফাই');
    expect(region('বিছানা ও বিছানাপত্র')).toHaveTextContent('বিছানা১টি কিং বেড');
    expect(region('রুমের বৈশিষ্ট্য')).toHaveTextContent('জানালামেঝে থেকে ছাদ পর্যন্ত জানালা');
    const food = region('খাবার ও পানীয়');
    expect(food).toHaveTextContent('রুম সার্ভিস২৪ ঘণ্টা');
    expect(food).toHaveTextContent('বোতলজাত পানিবিনামূল্যে');
    expect(food).toHaveTextContent('মিনিবারপানীয় ও হালকা খাবারে সাজানো; মূল্য প্রযোজ্য');
    const internet = region('ইন্টারনেট ও ফোন');
    expect(internet).toHaveTextContent('ফোন২');
    expect(internet).toHaveTextContent('ওয়্যারলেস ইন্টারনেটবিনামূল্যে উচ্চগতির ওয়াইফাই');
    expect(within(internet).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['ভয়েসমেইল', 'স্পিকারফোন']);
    expect(within(region('বিনোদন')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['সব টিভি চ্যানেল', 'নেটফ্লিক্স']);
    // Not a word of the English free texts is left.
    const body = screen.getByTestId('room-details-body').textContent ?? '';
    for (const english of ['WiFi', 'Floor-to-ceiling', '24-hour', 'Complimentary', 'Stocked', 'Voicemail', 'Speaker', 'All TV Channels', 'Netflix', 'King bed']) {
      expect(body, english).not.toContain(english);
    }
  });

  it('falls back to the English free text, one field at a time, and reads English in English', async () => {
    await initTestI18n('bn');
    const half = { ...category, translations: { bn: { windows: 'মেঝে থেকে ছাদ পর্যন্ত জানালা', phone_features: [] } } };
    render(<RoomDetailsDialog category={half} onClose={() => {}} />);
    expect(screen.getByRole('region', { name: 'রুমের বৈশিষ্ট্য' })).toHaveTextContent('মেঝে থেকে ছাদ পর্যন্ত জানালা');
    expect(screen.getByRole('region', { name: 'খাবার ও পানীয়' })).toHaveTextContent('রুম সার্ভিস24-hour');
    // An empty Bengali list is no translation: the English list shows.
    expect(screen.getByRole('region', { name: 'ইন্টারনেট ও ফোন' })).toHaveTextContent('VoicemailSpeaker');
    cleanup();

    await initTestI18n('en');
    render(<RoomDetailsDialog category={half} onClose={() => {}} />);
    expect(screen.getByRole('region', { name: 'Room Features' })).toHaveTextContent('Floor-to-ceiling window');
  });
});

describe('who the room sleeps: its real limits, not "up to N guests"', () => {
  afterEach(cleanup);
  const family = {
    ...category,
    beds_and_bedding: { ...category.beds_and_bedding, maximum_adults: 2, maximum_children: 1, maximum_occupancy: 3 },
  };
  // The default template: 2 adults, no children, 2 in all.
  const twoAdults = category;

  it('in English: "2 adults + 1 child (3 guests at most)", and "2 adults" for a room without children', async () => {
    await initTestI18n('en');
    render(<RoomDetailsDialog category={family} onClose={() => {}} />);
    expect(screen.getByTestId('room-capacity')).toHaveTextContent(/^2 adults \+ 1 child \(3 guests at most\)$/);
    cleanup();
    render(<RoomDetailsDialog category={twoAdults} onClose={() => {}} />);
    expect(screen.getByTestId('room-capacity')).toHaveTextContent(/^2 adults$/);
    expect(document.body).not.toHaveTextContent(/Up to/);
  });

  it('in Bengali, with Bengali digits', async () => {
    await initTestI18n('bn');
    render(<RoomDetailsDialog category={family} onClose={() => {}} />);
    expect(screen.getByTestId('room-capacity')).toHaveTextContent(/^২ জন প্রাপ্তবয়স্ক \+ ১ জন শিশু \(মোট সর্বোচ্চ ৩ জন\)$/);
    cleanup();
    render(<RoomDetailsDialog category={twoAdults} onClose={() => {}} />);
    expect(screen.getByTestId('room-capacity')).toHaveTextContent(/^২ জন প্রাপ্তবয়স্ক$/);
  });
});

describe('Book in the pop-up: the rates of this room type', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });
  afterEach(cleanup);

  /** The page's Book link in the pop-up, on a router and a store, as the accommodation page has them. */
  function renderWithBook() {
    const { store } = makeStore();
    render(
      <Provider store={store}>
        <MemoryRouter>
          <RoomDetailsDialog category={category} onClose={() => {}} action={<BookLink category={category.name} name="Deluxe King" />} />
        </MemoryRouter>
      </Provider>,
    );
    return within(screen.getByRole('dialog', { name: 'Accommodation' })).getByRole('link', { name: 'Book Deluxe King' });
  }

  // With a stay picked in the booking bar, the link carries it too (features/stay-search/book-link-stay.test.tsx).
  it('carries the room type only, while the guest has picked nothing', () => {
    expect(renderWithBook()).toHaveAttribute('href', '/view-rates?category=Deluxe%20King');
  });

  it('is reached with Tab inside the pop-up', async () => {
    const user = userEvent.setup();
    const link = renderWithBook();
    await vi.waitFor(() => expect(screen.getByTestId('room-details-close')).toHaveFocus());
    await user.tab({ shift: true });
    expect(link).toHaveFocus();
  });
});
