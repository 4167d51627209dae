import type { TBlock } from '@residency/shared';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { sampleBooking } from '../../../test/bookings';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import { makeSignedInStore } from '../../../test/store';
import ReservationsPage from './reservations-page';

/* Admin and staff › Reservation: the rooms not for sale (issue 20) are shown as blocks, never as guests. */

const channelBlock: TBlock = {
  _id: 'k1',
  room: { _id: 'r101', roomNumber: '101', category: 'Deluxe King' },
  source: 'channel',
  channel: 'airbnb',
  checkIn: '2027-01-12',
  checkOut: '2027-01-15',
  summary: 'Reserved',
  createdAt: '2026-11-20T00:00:00.000Z',
  createdBy: null,
};
const deskBlock: TBlock = {
  ...channelBlock,
  _id: 'k2',
  room: { _id: 'r102', roomNumber: '102', category: 'Deluxe King' },
  source: 'desk',
  channel: null,
  checkIn: '2027-02-03',
  checkOut: '2027-02-05',
  summary: 'Out of order: water leak',
  createdBy: { _id: 's1', name: 'Desk' },
};

let deleteAnswer: () => Response;
let fetch: ReturnType<typeof stubApi>;

beforeEach(() => {
  installAntdDom({ desktop: true });
  deleteAnswer = () => json(200, { success: true, message: 'The room is open again for these nights' });
  fetch = stubApi((request, path) => {
    if (path === '/api/channels/blocks') return json(200, { success: true, data: [channelBlock, deskBlock] });
    if (path.startsWith('/api/channels/blocks/') && request.method === 'DELETE') return deleteAnswer();
    if (path === '/api/bookings') return json(200, { success: true, data: [sampleBooking()], meta: { page: 1, limit: 10, total: 1, totalPage: 1 } });
    return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage(lng: 'en' | 'bn' = 'en', at = '/staff/reservation') {
  await initTestI18n(lng);
  const store = await makeSignedInStore({ _id: 's1', name: 'Desk', email: 'desk@example.com', role: 'staff' } as never);
  renderWithStore(<ReservationsPage />, { at, store, antd: true });
  await screen.findByTestId('booking-RSV-TEST0001');
  return screen.findByTestId('blocks-section');
}

const requests = (method: string, path: string) =>
  fetch.mock.calls.map(([request]) => request as Request).filter((r) => r.method === method && new URL(r.url).pathname === path);

describe('Rooms not for sale on the reservations screen', () => {
  it("shows a channel's block and a desk block by what they are, beside the list and not as guests", async () => {
    const section = await renderPage();
    expect(within(section).getByRole('heading', { name: 'Rooms not for sale' })).toBeInTheDocument();
    const airbnb = within(section).getByTestId('block-k1');
    expect(airbnb).toHaveTextContent(/^Blocked by Airbnb\s*room 101\s*·\s*Tue, Jan 12, 2027 ~ Fri, Jan 15, 2027\s*Reserved$/);
    // A channel's block is released by the channel: no Open again.
    expect(within(airbnb).queryByRole('button')).toBeNull();
    const desk = within(section).getByTestId('block-k2');
    expect(desk).toHaveTextContent('Closed by the desk');
    expect(desk).toHaveTextContent('room 102');
    expect(desk).toHaveTextContent('Out of order: water leak');
    expect(within(desk).getByRole('button', { name: /^Open again/ })).toBeInTheDocument();
    // The table holds the guests' bookings only.
    const rows = document.querySelectorAll('tbody tr[data-testid^="booking-"]');
    expect(rows).toHaveLength(1);
    expect(document.querySelector('table')).not.toHaveTextContent(/Airbnb|water leak/);
    // Without a date filter: from today on.
    const asked = new URL(requests('GET', '/api/channels/blocks')[0]!.url).searchParams;
    expect(asked.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(asked.get('to')).toBeNull();
  });

  it("asks for the blocks of the screen's dates when it has a date filter", async () => {
    await renderPage('en', '/staff/reservation?from=2027-01-10&to=2027-01-20');
    const asked = new URL(requests('GET', '/api/channels/blocks')[0]!.url).searchParams;
    expect(Object.fromEntries(asked)).toEqual({ from: '2027-01-10', to: '2027-01-20' });
  });

  it('opens a desk block again only after a question, with DELETE, and reloads the blocks', async () => {
    const section = await renderPage();
    await userEvent.click(within(within(section).getByTestId('block-k2')).getByRole('button', { name: /^Open again/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Open this room again?');
    expect(dialog).toHaveTextContent('room 102 will be for sale again for Wed, Feb 3, 2027 ~ Fri, Feb 5, 2027.');
    expect(requests('DELETE', '/api/channels/blocks/k2')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Open again' }));
    await waitFor(() => expect(requests('DELETE', '/api/channels/blocks/k2')).toHaveLength(1));
    expect(await screen.findByText('The room is open again for these nights.')).toBeInTheDocument();
    await waitFor(() => expect(requests('GET', '/api/channels/blocks')).toHaveLength(2));
  });

  it("says a refusal in Bengali, with the room, the dates and the blocks' words in Bengali digits", async () => {
    deleteAnswer = () =>
      json(409, {
        success: false,
        code: 'CHANNEL_BLOCK',
        message: "A channel's block is released by the channel: cancel the stay there (the next sync frees the nights), or remove the feed.",
      });
    const section = await renderPage('bn');
    expect(within(section).getByRole('heading', { name: 'বিক্রির বাইরে থাকা রুম' })).toBeInTheDocument();
    const airbnb = within(section).getByTestId('block-k1');
    expect(airbnb).toHaveTextContent('Airbnb আটকে রেখেছে');
    expect(airbnb).toHaveTextContent('রুম ১০১');
    expect(airbnb.textContent).not.toMatch(/[0-9]/);
    const desk = within(section).getByTestId('block-k2');
    expect(desk).toHaveTextContent('ডেস্ক বন্ধ রেখেছে');
    expect(desk.textContent).not.toMatch(/[0-9]/);
    await userEvent.click(within(desk).getByRole('button', { name: /^আবার খুলুন/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'আবার খুলুন' }));
    expect(await screen.findByText(/^চ্যানেলের আটকে রাখা রাত চ্যানেলই ছেড়ে দেয়/)).toBeInTheDocument();
  });
});
