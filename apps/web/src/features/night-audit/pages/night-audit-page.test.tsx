import { addDays, todayAt, type TDayFigures, type TNightAuditDay, type TOpenItem } from '@residency/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import { makeSignedInStore } from '../../../test/store';
import NightAuditPage from './night-audit-page';

/** The night audit (issue 35): the day's open items and figures, the note the server asks for, and one close per press. */

const TODAY = todayAt('Asia/Dhaka');
const DAY = addDays(TODAY, -1);

const FIGURES: TDayFigures = {
  roomsAvailable: 12,
  roomsSold: 8,
  channelNights: 0,
  occupancy: 0.6667,
  adr: 6250,
  revpar: 4166.67,
  roomRevenue: 50000,
  otherRevenue: 1200,
  serviceCharge: 5120,
  vat: 8448,
  arrivals: 3,
  departures: 2,
  noShows: 0,
  cancellations: 1,
  payments: {
    received: 30500,
    refunded: 500,
    byMethod: [
      { method: 'cash', received: 10500, refunded: 500 },
      { method: 'bkash', received: 20000, refunded: 0 },
    ],
    byStaff: [],
  },
  cash: 10000,
  deposits: 20000,
  refunds: { count: 1, amount: 500 },
  cityLedger: { count: 0, amount: 0 },
};

const ARRIVAL: TOpenItem = { kind: 'arrival', id: 'b-1', reservationId: 'r-1', reference: 'RSV-7K3F9Q2M', roomNumber: '108', guestName: 'Sabbir Ahmed', amount: null };
const BALANCE: TOpenItem = { kind: 'balance-due', id: 'b-2', reservationId: 'r-2', reference: 'RSV-2P8W4N6X', roomNumber: '204', guestName: 'Nadia Islam', amount: 3450 };

const openDay = (items: TOpenItem[]): TNightAuditDay => ({ day: DAY, state: 'open', canClose: true, blockedBy: null, openItems: items, figures: FIGURES, closed: null });

let day: TNightAuditDay;
let closes: unknown[];

function serve() {
  closes = [];
  stubApi(async (request, pathname) => {
    if (pathname === `/api/night-audit/${DAY}` && request.method === 'GET') return json(200, { success: true, data: day });
    if (pathname === `/api/night-audit/${DAY}/close` && request.method === 'POST') {
      const body = (await request.json()) as { note?: string };
      closes.push(body);
      if (day.openItems.length > 0 && !body.note) {
        const message = 'The day leaves items open: write a note saying why it closes with them.';
        return json(400, { success: false, code: 'NOTE_REQUIRED', message, errors: [{ path: 'note', message }] });
      }
      // The answer comes a moment later: a second press in between must send nothing.
      await new Promise((resolve) => setTimeout(resolve, 150));
      day = {
        ...day,
        state: 'closed',
        canClose: false,
        openItems: [],
        closed: { at: `${DAY}T20:30:00.000Z`, by: { _id: 's1', name: 'Amina Khatun', role: 'staff' }, note: body.note ?? null, openItems: [ARRIVAL, BALANCE], audit: { seq: 4821, hash: 'ab' } },
      };
      return json(200, { success: true, message: 'Day closed', data: day });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
}

afterEach(() => cleanup());

describe('the night audit at 1280 px', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installAntdDom({ desktop: true });
    await initTestI18n('en');
  });

  it('lists what the day left open by kind, asks for the note the server requires, and closes once on a double press', async () => {
    day = openDay([ARRIVAL, BALANCE]);
    serve();
    const user = userEvent.setup();
    const store = await makeSignedInStore({ _id: 's1', name: 'Amina Khatun', email: 'amina@example.com', role: 'staff' } as never);
    renderWithStore(<NightAuditPage />, { at: '/staff/night-audit', antd: true, store });

    expect(await screen.findByRole('heading', { name: 'Night audit' })).toBeInTheDocument();
    expect(await screen.findByTestId('night-audit-state')).toHaveTextContent('Open');
    const arrivals = screen.getByTestId('night-audit-items-arrival');
    expect(within(arrivals).getByText('Arrivals not checked in')).toBeInTheDocument();
    const arrival = within(arrivals).getByTestId('open-item-arrival');
    for (const text of ['Room 108', 'Sabbir Ahmed', 'RSV-7K3F9Q2M']) expect(within(arrival).getByText(text)).toBeInTheDocument();
    expect(within(arrival).getByRole('button', { name: /No-show/ })).toBeInTheDocument();
    expect(within(arrival).getByRole('link', { name: 'Reservation' })).toHaveAttribute('href', '/staff/reservation?q=RSV-7K3F9Q2M&booking=b-1');
    const balance = screen.getByTestId('open-item-balance-due');
    expect(within(balance).getByText('৳3,450')).toBeInTheDocument();
    expect(within(balance).queryByRole('button', { name: /No-show/ })).toBeNull();

    expect(screen.getByTestId('figure-occupancy-value')).toHaveTextContent('66.7%');
    expect(screen.getByTestId('figure-occupancy')).toHaveTextContent('8 of 12 rooms sold');
    expect(screen.getByTestId('figure-adr-value')).toHaveTextContent('৳6,250');
    expect(screen.getByTestId('figure-received-value')).toHaveTextContent('৳30,500');
    expect(screen.getByTestId('figure-method-bkash')).toHaveTextContent('bKash৳20,000৳0');
    expect(screen.getByText('Required: the day leaves 2 items open. Say why it closes with them.')).toBeInTheDocument();

    // Without a note: the server's NOTE_REQUIRED on the field.
    await user.click(screen.getByTestId('night-audit-close-button'));
    await user.click(await screen.findByRole('button', { name: 'Close it' }));
    expect(await screen.findByTestId('night-audit-note-error')).toHaveTextContent('The day leaves items open: write a note saying why it closes with them.');
    expect(closes).toHaveLength(1);

    await user.type(screen.getByTestId('night-audit-note'), 'Room 108 never came; 204 pays at check-out');
    // The field's help leaves with Ant Design's motion: gone once it has run.
    await waitFor(() => expect(screen.queryByTestId('night-audit-note-error')).toBeNull(), { timeout: 5000 });
    await user.click(screen.getByTestId('night-audit-close-button'));
    // Opened a second time, the question is still zooming in under jsdom (no animation ends there), and
    // its button's name still holds the first press's leaving spinner ("loading Close it").
    const ok = await screen.findByRole('button', { name: /Close it/, hidden: true });
    await user.dblClick(ok);
    expect(await screen.findByTestId('night-audit-closed-by')).toHaveTextContent('Closed by Amina Khatun (staff)');
    expect(closes).toHaveLength(2);
    expect(closes[1]).toEqual({ note: 'Room 108 never came; 204 pays at check-out' });
    expect(screen.getByTestId('night-audit-state')).toHaveTextContent('Closed');
    expect(screen.getByTestId('night-audit-closed-note')).toHaveTextContent('Room 108 never came; 204 pays at check-out');
    // What was open at the close, without the desk's buttons; no second close offered.
    expect(screen.getByText('Open at the close')).toBeInTheDocument();
    expect(screen.getAllByTestId('open-item-arrival')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /No-show/ })).toBeNull();
    expect(screen.queryByTestId('night-audit-close-button')).toBeNull();
    await waitFor(() => expect(closes).toHaveLength(2));
  });

  it('points to the earlier day to close first', async () => {
    day = { ...openDay([]), canClose: false, blockedBy: addDays(DAY, -2) };
    serve();
    renderWithStore(<NightAuditPage />, { at: `/admin/night-audit?date=${DAY}`, antd: true });
    const blocked = await screen.findByTestId('night-audit-blocked');
    expect(blocked).toHaveTextContent('Days close in order');
    expect(within(blocked).getByRole('button', { name: /^Go to / })).toBeInTheDocument();
    expect(screen.getByTestId('night-audit-items-none')).toHaveTextContent('Nothing is left open.');
    expect(screen.queryByTestId('night-audit-close-button')).toBeNull();
  });
});

describe('the night audit in Bengali at 375 px', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    installAntdDom({ desktop: false });
    await initTestI18n('bn');
  });

  it('shows the items and figures in Bengali words and digits', async () => {
    day = openDay([BALANCE]);
    serve();
    renderWithStore(<NightAuditPage />, { at: '/staff/night-audit', antd: true });
    expect(await screen.findByRole('heading', { name: 'নাইট অডিট' })).toBeInTheDocument();
    expect(await screen.findByTestId('night-audit-state')).toHaveTextContent('খোলা');
    const balance = screen.getByTestId('open-item-balance-due');
    expect(within(balance).getByText('৳৩,৪৫০')).toBeInTheDocument();
    expect(screen.getByTestId('figure-occupancy-value')).toHaveTextContent('৬৬.৭%');
    expect(screen.getByTestId('figure-method-bkash')).toHaveTextContent('বিকাশ');
    expect(screen.getByText('আবশ্যক: দিনটি ১টি বিষয় খোলা রেখে যাচ্ছে। কেন তা নিয়েই বন্ধ হচ্ছে লিখুন।')).toBeInTheDocument();
  });
});
