import { formatDeadline, guestCancelDeadline } from '@residency/shared/booking-states';
import { addDays, todayAt } from '@residency/shared/dates';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { Provider } from 'react-redux';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleBooking } from '../../../../test/bookings';
import { makeStore } from '../../../../test/store';
import { getSite } from '../../../../lib/site';
import { initTestI18n } from '../../../../test/i18n';
import { GuestCancelSection } from './guest-cancel-section';
import { guestCancelPolicy } from './guest-cancel';
import { stubRelativeRequest } from '../../../../test/relative-request';

const site = getSite();
const today = todayAt(site.timeZone, new Date());

/** A confirmed stay of the guest's own, checking in `days` from today at the hotel. */
function stayIn(days: number) {
  const startDate = addDays(today, days);
  return sampleBooking({
    startDate,
    endDate: addDays(startDate, 2),
    bookedEndDate: addDays(startDate, 2),
    guestCancelUntil: guestCancelDeadline(startDate, guestCancelPolicy(site)).toISOString(),
  });
}

/** Every call answers `status` with `body`; the calls made are recorded. */
let calls: string[] = [];
function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      calls.push(`${request.method} ${new URL(request.url).pathname}`);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderSection(stay: ReturnType<typeof stayIn>) {
  const { store } = makeStore();
  return render(
    <Provider store={store}>
      <App>
        <GuestCancelSection stay={stay} site={site} now={new Date()} />
      </App>
    </Provider>,
  );
}

beforeAll(async () => {
  await initTestI18n('en');
});
beforeEach(() => {
  calls = [];
  stubRelativeRequest();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('GuestCancelSection', () => {
  it('offers Cancel well before check-in; its confirmation says until when, and the server is asked', async () => {
    const stay = stayIn(30);
    const deadline = formatDeadline(new Date(stay.guestCancelUntil), site.timeZone);
    answer(200, { success: true, message: 'Booking is canceled', data: { ...stay, state: 'cancelled' } });
    renderSection(stay);
    expect(screen.queryByTestId('cancel-cutoff')).toBeNull();
    expect(screen.getByText(`Free cancellation online until ${deadline}`)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Cancel booking/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking RSV-TEST0001?' });
    expect(dialog).toHaveTextContent(`You can cancel this stay online until ${deadline} (hotel time).`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Booking RSV-TEST0001 is cancelled. A confirmation is on its way to your e-mail.')).toBeInTheDocument();
    expect(calls).toEqual(['POST /api/bookings/b1/cancel']);
  });

  it("shows the server's reason when it refuses (the cut-off passed while the page was open)", async () => {
    const refusal = 'This booking could be cancelled online until Sun, Nov 29, 2026 at 14:00 (hotel time). Please call the hotel at +880 1711-000000.';
    answer(409, { success: false, code: 'CANCEL_CUTOFF_PASSED', message: refusal });
    renderSection(stayIn(30));
    fireEvent.click(screen.getByRole('button', { name: /Cancel booking/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('inside the cut-off offers no Cancel, but the deadline that passed and the phone to call', () => {
    const stay = stayIn(1);
    renderSection(stay);
    expect(screen.queryByRole('button', { name: /Cancel booking/ })).toBeNull();
    const note = screen.getByTestId('cancel-cutoff');
    expect(note).toHaveTextContent('This booking can no longer be cancelled online');
    expect(note).toHaveTextContent(`until ${formatDeadline(new Date(stay.guestCancelUntil), site.timeZone)} (hotel time)`);
    expect(within(note).getByRole('link', { name: /\+880 1711-000000/ })).toHaveAttribute('href', 'tel:+8801711000000');
  });

  it('says the same in Bengali, with Bengali digits', async () => {
    const i18n = await initTestI18n('bn');
    try {
      const stay = stayIn(1);
      renderSection(stay);
      expect(screen.queryByRole('button', { name: /বাতিল করুন/ })).toBeNull();
      const note = screen.getByTestId('cancel-cutoff');
      expect(note).toHaveTextContent('এই বুকিং আর অনলাইনে বাতিল করা যাবে না');
      // Check-in at 14:00 tomorrow less 48 hours: 14:00 yesterday.
      expect(note).toHaveTextContent('১৪:০০ (হোটেলের সময়)');
      expect(note.textContent).not.toMatch(/[0-9]{2}:[0-9]{2}/);
      // The hotel's phone too, as the header and footer write it; the link dials the same number.
      expect(screen.getByTestId('hotel-phone').textContent).not.toMatch(/[0-9]/);
      expect(screen.getByTestId('hotel-phone')).toHaveAttribute('href', expect.stringMatching(/^tel:\+?[0-9]+$/));
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('offers nothing on a cancelled stay', () => {
    renderSection({ ...stayIn(30), status: 'cancelled' as never });
    expect(screen.queryByRole('button', { name: /Cancel booking/ })).toBeNull();
    expect(screen.queryByTestId('cancel-cutoff')).toBeNull();
  });
});
