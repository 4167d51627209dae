import type { TChargeType } from '@residency/shared';
import type { TServiceRequest } from '@residency/shared/services';
import { todayAt } from '@residency/shared/dates';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import { getSite } from '../../../lib/site';
import ServiceRequestsPage from './service-requests-page';

/**
 * A completed service request charged to its stay's folio from the staff's list (issue 22): the
 * form starts from the service's charge type, adds the type's taxes up before it is sent, posts
 * to the request's reservation, and the list then says the request is on the folio.
 */

installAntdDom({ desktop: true });

const FIRST = '00000000-0000-4000-8000-0000000000a1';
const SECOND = '00000000-0000-4000-8000-0000000000a2';

const TYPES: TChargeType[] = [
  { code: 'laundry', nameEn: 'Laundry', nameBn: 'লন্ড্রি', defaultPrice: null, serviceChargePercent: 10, vatPercent: 15, active: true },
  { code: 'room_service', nameEn: 'Room service', nameBn: 'রুম সার্ভিস', defaultPrice: null, serviceChargePercent: 10, vatPercent: 15, active: true },
  { code: 'minibar', nameEn: 'Minibar', nameBn: 'মিনিবার', defaultPrice: null, serviceChargePercent: 10, vatPercent: 15, active: false },
  { code: 'other', nameEn: 'Other', nameBn: 'অন্যান্য', defaultPrice: null, serviceChargePercent: 10, vatPercent: 15, active: true },
];

const request = (over: Partial<TServiceRequest>): TServiceRequest => ({
  _id: FIRST,
  user: { _id: 'u1', name: 'Rahim Uddin', email: 'rahim@example.com', phone: '+880 1711-223344' },
  room: { _id: 'room-1', category: 'Deluxe King', roomNumber: '204' },
  booking: { _id: 'b1', transactionId: 'RSV-AB12CD34', startDate: '2026-11-26', endDate: '2026-11-28', reservationId: 'rsv-1' },
  service: 'laundry',
  description: '3 shirts',
  isCompleted: true,
  completedAt: '2026-11-26T09:00:00.000Z',
  chargedToFolio: false,
  createdAt: '2026-11-26T08:00:00.000Z',
  ...over,
});

let requests: TServiceRequest[];
let charges: { reservationId: string; body: Record<string, unknown> }[];
let refuse: string | null;

beforeEach(() => {
  requests = [request({}), request({ _id: SECOND, service: 'wake_up_call', description: '', isCompleted: false, completedAt: null })];
  charges = [];
  refuse = null;
  stubApi(async (req, pathname) => {
    if (pathname === '/api/services') return json(200, { success: true, data: requests, meta: { page: 1, limit: 10, total: requests.length } });
    if (pathname === '/api/charge-types') return json(200, { success: true, data: TYPES, meta: { page: 1, limit: 4, total: 4 } });
    const charge = /^\/api\/reservations\/([\w-]+)\/charges$/.exec(pathname);
    if (charge && req.method === 'POST') {
      if (refuse) return json(409, { success: false, code: refuse, message: 'This service request is charged already.' });
      const body = (await req.json()) as Record<string, unknown>;
      charges.push({ reservationId: charge[1]!, body });
      requests = requests.map((r) => (r._id === body.serviceRequestId ? { ...r, chargedToFolio: true } : r));
      return json(201, { success: true, message: 'Charge posted to room 204', data: { reservationId: charge[1], lines: [], payments: [], refunds: [] } });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Charge to folio', { timeout: 20_000 }, () => {
  it('offers it on a completed request only, starts from the service’s type, adds the taxes up and posts to the reservation', async () => {
    await initTestI18n('en');
    const user = userEvent.setup();
    renderWithStore(<ServiceRequestsPage />, { at: '/staff/user-request', antd: true });
    const done = await screen.findByTestId(`service-request-${FIRST}`);
    expect(within(screen.getByTestId(`service-request-${SECOND}`)).queryByRole('button', { name: 'Charge to folio' })).toBeNull();
    await user.click(within(done).getByRole('button', { name: 'Charge to folio' }));

    const dialog = await screen.findByRole('dialog', { name: 'Charge Laundry to the folio' });
    expect(within(dialog).getByTestId('charge-request-who')).toHaveTextContent('Rahim Uddin, room 204 (RSV-AB12CD34)');
    await waitFor(() => expect(within(dialog).getByTestId('charge-request-type')).toHaveTextContent('Laundry'));
    expect(within(dialog).getByLabelText('Description')).toHaveValue('3 shirts');
    // A switched-off type is not offered; another may be chosen.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Charge type' }));
    expect(screen.queryByTitle('Minibar')).toBeNull();
    await user.click(await screen.findByTitle('Room service'));
    await waitFor(() => expect(within(dialog).getByTestId('charge-request-type')).toHaveTextContent('Room service'));

    await user.click(within(dialog).getByRole('button', { name: 'Charge to folio' }));
    expect(await within(dialog).findByText('Enter the amount.')).toBeInTheDocument();
    expect(charges).toEqual([]);

    await user.type(within(dialog).getByLabelText('Amount'), '450');
    // 450 + 10 % service charge 45 + 15 % VAT on 495 (74.25) = 569.25.
    expect(within(dialog).getByTestId('charge-request-total')).toHaveTextContent('৳450 + service charge ৳45 + VAT ৳74.25 = ৳569.25 on the folio');
    await user.click(within(dialog).getByRole('button', { name: 'Charge to folio' }));

    await waitFor(() =>
      expect(charges).toEqual([
        {
          reservationId: 'rsv-1',
          body: { chargeType: 'room_service', unitPrice: 450, quantity: 1, description: '3 shirts', serviceDate: todayAt(getSite().timeZone), serviceRequestId: FIRST },
        },
      ]),
    );
    expect(await screen.findByText("৳569.25 charged to room 204's folio.")).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByTestId(`service-request-${FIRST}`)).getByTestId('charged-label')).toHaveTextContent('On the folio'));
    expect(within(screen.getByTestId(`service-request-${FIRST}`)).getByTestId('charged-label')).toBeDisabled();
  });

  it('says in Bengali when the request was charged already', async () => {
    await initTestI18n('bn');
    refuse = 'ALREADY_CHARGED';
    requests = [request({ service: 'wake_up_call', description: 'সকাল ৬টা' })];
    const user = userEvent.setup();
    renderWithStore(<ServiceRequestsPage />, { at: '/staff/user-request', antd: true });
    const row = await screen.findByTestId(`service-request-${FIRST}`);
    await user.click(within(row).getByRole('button', { name: 'ফোলিওতে চার্জ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ঘুম ভাঙানোর কল ফোলিওতে চার্জ করুন' });
    // A service with no charge type of its own starts as Other.
    await waitFor(() => expect(within(dialog).getByTestId('charge-request-type')).toHaveTextContent('অন্যান্য'));
    await user.type(within(dialog).getByLabelText('পরিমাণ'), '200');
    await user.click(within(dialog).getByRole('button', { name: 'ফোলিওতে চার্জ করুন' }));
    expect(await screen.findByText('এই সেবার অনুরোধটি আগেই ফোলিওতে চার্জ করা হয়েছে।')).toBeInTheDocument();
  });
});
