import { addDays, todayAt } from '@residency/shared/dates';
import type { TServiceRequest } from '@residency/shared/services';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { sampleBooking } from '../../../test/bookings';
import { initTestI18n } from '../../../test/i18n';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithStore } from '../../../test/render';
import { getSite } from '../../../lib/site';
import MyRequestsPage from './my-requests-page';
import ServiceRequestsPage from './service-requests-page';

/**
 * A service request in Bengali on a phone, from both sides (the browser test events.spec runs
 * the flow once, in English at 1280 px): the guest asks for extra towels on My requests and
 * sees it pending; the staff's card says so and marks it complete; the guest then sees it
 * completed. Every word on the way is Bengali.
 */

// A phone: every width query answers no.
installAntdDom({ desktop: false });

const today = todayAt(getSite().timeZone);
const stay = sampleBooking({
  _id: '00000000-0000-4000-8000-000000000001',
  transactionId: 'RSV-AB12CD34',
  room: { _id: 'r', category: 'Deluxe King', roomNumber: '204' },
  startDate: addDays(today, 3),
  endDate: addDays(today, 5),
  bookedEndDate: addDays(today, 5),
});

/** The server's requests, as the fetch stub keeps them. */
let requests: TServiceRequest[];

beforeAll(async () => {
  await initTestI18n('bn');
});

beforeEach(() => {
  requests = [];
  stubApi(async (request, pathname) => {
    const list = (data: unknown[]) => json(200, { success: true, data, meta: { page: 1, limit: 10, total: data.length } });
    if (pathname === '/api/bookings/my-bookings') return list([stay]);
    if (pathname === '/api/services/my-services' || (pathname === '/api/services' && request.method === 'GET')) return list(requests);
    if (pathname === '/api/services' && request.method === 'POST') {
      const body = (await request.json()) as { service: TServiceRequest['service']; description: string };
      const made: TServiceRequest = {
        _id: 's1',
        user: { _id: 'u1', name: 'শিরিন আক্তার', email: 'shirin@example.com', phone: '+880 1711-998877' },
        room: stay.room as TServiceRequest['room'],
        booking: { _id: stay._id, transactionId: stay.transactionId, startDate: stay.startDate, endDate: stay.endDate, reservationId: 'reservation-1' },
        service: body.service,
        description: body.description,
        isCompleted: false,
        completedAt: null,
        chargedToFolio: false,
        createdAt: '2026-11-20T08:00:00.000Z',
      };
      requests = [made];
      return json(201, { success: true, data: made });
    }
    const done = /^\/api\/services\/(\w+)$/.exec(pathname);
    if (done && request.method === 'PATCH') {
      requests = requests.map((r) => (r._id === done[1] ? { ...r, isCompleted: true, completedAt: '2026-11-20T09:00:00.000Z' } : r));
      return json(200, { success: true, data: requests[0] });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a service request in Bengali on a phone', { timeout: 20_000 }, () => {
  it('the guest asks for extra towels and sees them pending; the staff card marks them complete; the guest sees them completed', async () => {
    const user = userEvent.setup();
    const guestView = renderWithStore(<MyRequestsPage />, { at: '/user/my-request', antd: true });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'কী দরকার?' }));
    await user.click(await screen.findByTitle('বাড়তি তোয়ালে'));
    await user.type(screen.getByLabelText('বিস্তারিত (ঐচ্ছিক)'), 'দুটি গোসলের তোয়ালে।');
    await user.click(screen.getByRole('button', { name: 'অনুরোধ পাঠান' }));
    expect(await screen.findByText('আপনার “বাড়তি তোয়ালে” অনুরোধ ফ্রন্ট ডেস্কে পৌঁছেছে।')).toBeInTheDocument();
    const mine = await screen.findByTestId('my-request-s1');
    expect(within(mine).getByText('বাড়তি তোয়ালে')).toBeInTheDocument();
    await waitFor(() => expect(within(mine).getByTestId('request-state')).toHaveTextContent('অপেক্ষমাণ'));
    guestView.unmount();

    // The staff's screen: a card on a phone, its dot and its button in Bengali.
    const staffView = renderWithStore(<ServiceRequestsPage />, { at: '/staff/user-request', antd: true });
    const card = await screen.findByTestId('service-request-s1');
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(within(card).getByTestId('completed-dot')).toHaveAttribute('aria-label', 'অপেক্ষমাণ');
    expect(within(card).getByText('বাড়তি তোয়ালে')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'সম্পন্ন হিসেবে চিহ্নিত করুন' }));
    await waitFor(() => expect(within(screen.getByTestId('service-request-s1')).getByTestId('completed-dot')).toHaveAttribute('data-completed', 'true'));
    const completed = within(screen.getByTestId('service-request-s1')).getByTestId('completed-label');
    expect(completed).toBeDisabled();
    expect(completed).toHaveTextContent('সম্পন্ন');
    staffView.unmount();

    renderWithStore(<MyRequestsPage />, { at: '/user/my-request', antd: true });
    expect(within(await screen.findByTestId('my-request-s1')).getByTestId('request-state')).toHaveTextContent('সম্পন্ন');
  });
});
