import type { TEventRequest } from '@residency/shared/events';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import { json, stubApi } from '../../../test/api-stub';
import { renderWithStore } from '../../../test/render';
import EventRequestsPage from './event-requests-page';

/**
 * Staff › Event requests in Bengali on a phone (the browser test events.spec confirms a request
 * once, in English at 1280 px): the request is a card whose status reads অপেক্ষমাণ; Update
 * (হালনাগাদ) sets it to নিশ্চিত, the message and the card say so in Bengali.
 */

// A phone: every width query answers no.
installAntdDom({ desktop: false });

const pending: TEventRequest = {
  _id: 'e1',
  reference: 'EVT-7K3F9Q2M',
  name: 'সুমাইয়া করিম',
  email: 'sumaiya@example.com',
  phone: '+880 1711-445566',
  company: null,
  eventType: 'Wedding',
  layout: 'Theater Style',
  date: '2027-03-10',
  startTime: '18:00',
  endTime: '23:00',
  guestCount: 180,
  foodPreference: 'buffet',
  additionalRequirements: null,
  preferenceImage: null,
  status: 'pending',
  language: 'bn',
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};

let rows: TEventRequest[];
let updates: unknown[];

beforeAll(async () => {
  await initTestI18n('bn');
  // ResizeObserver and matchMedia are not enough for antd's pickers: jsdom lays nothing out.
  document.elementFromPoint ??= () => null;
});

beforeEach(() => {
  rows = [pending];
  updates = [];
  stubApi(async (request, pathname) => {
    if (pathname === '/api/events' && request.method === 'GET') return json(200, { success: true, data: rows, meta: { page: 1, limit: 10, total: rows.length } });
    if (pathname === '/api/events/e1' && request.method === 'PUT') {
      const body = (await request.json()) as Partial<TEventRequest>;
      updates.push(body);
      rows = [{ ...pending, ...body }];
      return json(200, { success: true, data: rows[0] });
    }
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Staff › Event requests in Bengali on a phone', { timeout: 20_000 }, () => {
  it('a pending request is a card; Update confirms it, and the message and the card say so in Bengali', async () => {
    const user = userEvent.setup();
    renderWithStore(<EventRequestsPage />, { at: '/staff/event-request', antd: true });
    const card = await screen.findByTestId('event-EVT-7K3F9Q2M');
    expect(document.querySelector('.ant-table')).toBeNull();
    expect(within(card).getByTestId('event-status')).toHaveTextContent('অপেক্ষমাণ');
    expect(card).toHaveTextContent('সুমাইয়া করিম');

    await user.click(within(card).getByRole('button', { name: /হালনাগাদ/ }));
    const form = await screen.findByTestId('event-update-form');
    fireEvent.mouseDown(within(form).getByRole('combobox', { name: 'অবস্থা' }));
    await user.click(await screen.findByTitle('নিশ্চিত'));
    await user.click(screen.getByRole('button', { name: 'পরিবর্তন সংরক্ষণ করুন' }));

    expect(await screen.findByText('ইভেন্টের অনুরোধ EVT-7K3F9Q2M হালনাগাদ হয়েছে।')).toBeInTheDocument();
    expect(updates).toEqual([expect.objectContaining({ status: 'confirmed' })]);
    await waitFor(() => expect(within(screen.getByTestId('event-EVT-7K3F9Q2M')).getByTestId('event-status')).toHaveTextContent('নিশ্চিত'));
  });
});
