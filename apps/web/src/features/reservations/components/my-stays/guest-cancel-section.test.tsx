import { formatDeadline, guestCancelDeadline } from '@residency/shared/booking-states';
import { addDays, todayAt } from '@residency/shared/dates';
import { instantAt } from '@residency/shared/hotel-time';
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

/** The cancel call answers `status` with `body`, the cost preview `preview`; the calls made are recorded. */
let calls: string[] = [];
const FREE = { fee: 0, free: true, freeUntil: null, policy: { freeHours: null, penalty: 'first_night', penaltyPercent: null } };
function answer(status: number, body: unknown, preview: unknown = FREE) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      calls.push(`${request.method} ${path}`);
      const [code, json] = path.endsWith('/cancellation') ? [200, { success: true, data: preview }] : [status, body];
      return new Response(JSON.stringify(json), { status: code, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderSection(stay: ReturnType<typeof stayIn>) {
  const { store } = makeStore();
  return render(
    <Provider store={store}>
      <App>
        <GuestCancelSection stay={stay} site={site} now={new Date()} reference={stay.reservationReference} />
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
  it('offers Cancel well before check-in; its confirmation says it is free until when, and the server is asked', async () => {
    const stay = stayIn(30);
    const deadline = formatDeadline(new Date(stay.guestCancelUntil), site.timeZone);
    answer(200, { success: true, message: 'Booking is canceled', data: { ...stay, state: 'cancelled' } });
    renderSection(stay);
    expect(screen.queryByTestId('cancel-cutoff')).toBeNull();
    expect(screen.getByTestId('cancel-terms')).toHaveTextContent(`Free cancellation online until ${deadline}`);

    fireEvent.click(screen.getByRole('button', { name: /Cancel booking/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel booking RSV-TEST0001?' });
    expect(await within(dialog).findByTestId('cancel-cost')).toHaveTextContent(`Cancelling is free until ${deadline} (hotel time). The room will be released`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByText('Booking RSV-TEST0001 is cancelled. A confirmation is on its way to your e-mail.')).toBeInTheDocument();
    expect(calls).toEqual(['GET /api/bookings/b1/cancellation', 'POST /api/bookings/b1/cancel']);
  });

  it('after the free deadline still offers Cancel, and says what it costs under the plan before the guest confirms', async () => {
    const stay = stayIn(1);
    answer(200, { success: true, data: stay }, { fee: 9500, free: false, freeUntil: stay.guestCancelUntil, policy: { freeHours: null, penalty: 'first_night', penaltyPercent: null } });
    renderSection(stay);
    expect(screen.getByTestId('cancel-terms')).toHaveTextContent('Free cancellation has ended: cancelling now has a charge, shown before you confirm.');
    fireEvent.click(screen.getByRole('button', { name: /Cancel booking/ }));
    expect(await within(await screen.findByRole('dialog')).findByTestId('cancel-cost')).toHaveTextContent('Cancelling now costs ৳9,500 (the first night).');
  });

  it('in Bengali: a non-refundable rate\'s cost, with Bengali digits', async () => {
    const i18n = await initTestI18n('bn');
    try {
      const stay = stayIn(10);
      answer(200, { success: true, data: stay }, { fee: 24035, free: false, freeUntil: null, policy: { freeHours: null, penalty: 'non_refundable', penaltyPercent: null } });
      renderSection({ ...stay, guestCancelUntil: stay.createdAt });
      fireEvent.click(screen.getByRole('button', { name: /বাতিল করুন/ }));
      expect(await within(await screen.findByRole('dialog')).findByTestId('cancel-cost')).toHaveTextContent('এখন বাতিল করলে খরচ ৳২৪,০৩৫ (ফেরতযোগ্য নয়)।');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it("shows the server's reason when it refuses (the check-in time passed while the page was open)", async () => {
    const refusal = 'The check-in time of this stay (Sun, Nov 29, 2026 at 14:00, hotel time) has passed. Please call the hotel at +880 1711-000000.';
    answer(409, { success: false, code: 'CHECK_IN_PASSED', message: refusal });
    renderSection(stayIn(30));
    fireEvent.click(screen.getByRole('button', { name: /Cancel booking/ }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel it' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
  });

  it('after the check-in time offers no Cancel, but the check-in time that passed and the phone to call', () => {
    const stay = stayIn(-1);
    renderSection({ ...stay, endDate: addDays(today, 3), bookedEndDate: addDays(today, 3) });
    expect(screen.queryByRole('button', { name: /Cancel booking/ })).toBeNull();
    const note = screen.getByTestId('cancel-cutoff');
    expect(note).toHaveTextContent('This booking can no longer be cancelled online');
    expect(note).toHaveTextContent(`The check-in time of this stay (${formatDeadline(instantAt(stay.startDate, site.checkInTime, site.timeZone), site.timeZone)}, hotel time) has passed.`);
    expect(within(note).getByRole('link', { name: /\+880 1711-000000/ })).toHaveAttribute('href', 'tel:+8801711000000');
  });

  it('says the same in Bengali, with Bengali digits', async () => {
    const i18n = await initTestI18n('bn');
    try {
      const stay = stayIn(-1);
      renderSection({ ...stay, endDate: addDays(today, 3), bookedEndDate: addDays(today, 3) });
      expect(screen.queryByRole('button', { name: /বাতিল করুন/ })).toBeNull();
      const note = screen.getByTestId('cancel-cutoff');
      expect(note).toHaveTextContent('এই বুকিং আর অনলাইনে বাতিল করা যাবে না');
      expect(note).toHaveTextContent('১৪:০০, হোটেলের সময়');
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
