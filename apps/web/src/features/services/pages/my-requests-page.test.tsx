import type { TBooking } from '@residency/shared';
import { addDays, todayAt } from '@residency/shared/dates';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sampleBooking } from '../../../test/bookings';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithStore } from '../../../test/render';
import { getSite } from '../../../lib/site';
import { initTestI18n } from '../../../test/i18n';
import MyRequestsPage from './my-requests-page';
import { installAntdDom } from '../../../test/antd-dom';

installAntdDom();

const today = todayAt(getSite().timeZone);
let nextId = 1;
const booking = (startIn: number, nights: number, extra: Partial<TBooking> = {}): TBooking =>
  sampleBooking({
    _id: `00000000-0000-4000-8000-00000000000${nextId++}`,
    transactionId: `RSV-${nextId}`,
    room: { _id: 'r', category: 'Deluxe King', roomNumber: '204' },
    startDate: addDays(today, startIn),
    endDate: addDays(today, startIn + nights),
    bookedEndDate: addDays(today, startIn + nights),
    nights,
    ...extra,
  });

let bookings: TBooking[];
let bookingReads: number;
let postAnswer: { status: number; body: unknown };

beforeAll(async () => {
  await initTestI18n('en');
});

beforeEach(() => {
  bookingReads = 0;
  postAnswer = { status: 201, body: { success: true, data: {} } };
  stubApi(async (request, pathname) => {
    if (pathname === '/api/bookings/my-bookings') {
      bookingReads += 1;
      return json(200, { success: true, data: bookings, meta: { page: 1, limit: 100, total: bookings.length } });
    }
    if (pathname === '/api/services/my-services') return json(200, { success: true, data: [], meta: { page: 1, limit: 10, total: 0 } });
    if (pathname === '/api/services' && request.method === 'POST') return json(postAnswer.status, postAnswer.body);
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  renderWithStore(<MyRequestsPage />, { at: '/user/my-request', antd: true });
}

describe('User › My requests', () => {
  it('tells a guest whose stays are over or cancelled why there is no form, and offers to book', async () => {
    bookings = [booking(-10, 2), booking(3, 2, { status: 'cancelled' })];
    renderPage();
    expect(await screen.findByText('You can ask for services during a stay')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Book a stay/ })).toHaveAttribute('href', '/accommodation');
    expect(screen.queryByTestId('service-request-form')).toBeNull();
  });

  it('asks a guest with two open stays which one, the current one first', async () => {
    bookings = [booking(20, 3), booking(-1, 3)];
    renderPage();
    const chooser = await screen.findByTestId('service-stay');
    expect(chooser).toHaveTextContent('Deluxe King · Room 204');
    expect(chooser).toHaveTextContent('(now)');
  });

  it('with one stay, names it instead of asking, and says so when the server finds no open stay after all', async () => {
    const user = userEvent.setup();
    bookings = [booking(5, 2)];
    postAnswer = {
      status: 409,
      body: { success: false, code: 'NO_OPEN_STAY', message: 'You can ask for services during a stay. You have no current or upcoming stay with us.' },
    };
    renderPage();
    expect(await screen.findByTestId('service-stay-line')).toHaveTextContent('Deluxe King · Room 204');
    expect(screen.queryByTestId('service-stay')).toBeNull();

    // "Other" needs a word about what is wanted.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'What do you need?' }));
    await user.click(await screen.findByTitle('Other'));
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Tell us what you need.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Details'), 'A birthday cake at 8 pm');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('You can ask for services during a stay. You have no current or upcoming stay with us.')).toBeInTheDocument();
    // The stays are read again, so the page catches up with a stay cancelled meanwhile.
    await waitFor(() => expect(bookingReads).toBe(2));
  });
});
