import type { TBlock, TRoom } from '@residency/shared';
import { addDays, isoToDmy, todayAt } from '@residency/shared/dates';
import { defaultRoomTemplate } from '@residency/shared/room-rules';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatStay } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { installAntdDom } from '../../../test/antd-dom';
import { json, stubApi } from '../../../test/api-stub';
import { initTestI18n } from '../../../test/i18n';
import { renderWithStore } from '../../../test/render';
import { makeSignedInStore } from '../../../test/store';
import HousekeepingPage from './housekeeping-page';

/* Staff › Housekeeping: each room's blocks (issue 20), and "Close for some nights…". */

const today = todayAt(getSite().timeZone);
const room = (id: string, number: string): TRoom => ({
  ...defaultRoomTemplate(),
  _id: id,
  category: 'Deluxe King',
  status: 'available',
  price: 9500,
  images: [],
  room_overview: { name: 'Deluxe King', description: 'Nice.', size: '40 sq m', wireless_internet: 'WiFi', room_number: number },
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-20T08:30:00.000Z',
});
const rooms = [room('r101', '101'), room('r102', '102'), room('r103', '103')];
const block = (over: Partial<TBlock>): TBlock => ({
  _id: 'k1',
  room: { _id: 'r101', roomNumber: '101', category: 'Deluxe King' },
  source: 'channel',
  channel: 'airbnb',
  checkIn: addDays(today, 2),
  checkOut: addDays(today, 5),
  summary: 'Reserved',
  createdAt: '2026-11-20T00:00:00.000Z',
  createdBy: null,
  ...over,
});
const channelBlock = block({});
const deskBlock = block({ _id: 'k2', room: { _id: 'r102', roomNumber: '102', category: 'Deluxe King' }, source: 'desk', channel: null, checkIn: today, checkOut: addDays(today, 3), summary: 'Out of order: water leak' });

let blocks: TBlock[];
let postAnswer: (body: { roomId: string; checkIn: string; checkOut: string; reason: string }) => Response;
let fetch: ReturnType<typeof stubApi>;
/** The bodies of POST /api/channels/blocks, as the server read them. */
let posted: unknown[];

beforeEach(() => {
  installAntdDom({ desktop: true });
  blocks = [channelBlock, deskBlock];
  postAnswer = () => json(500, {});
  posted = [];
  fetch = stubApi(async (request, path) => {
    if (path === '/api/room') return json(200, { success: true, data: rooms, meta: { page: 1, limit: 500, total: rooms.length } });
    if (path === '/api/room-categories') return json(200, { success: true, data: [{ name: 'Deluxe King', translations: {} }] });
    if (path === '/api/channels/blocks' && request.method === 'POST') {
      const body = await request.json();
      posted.push(body);
      return postAnswer(body);
    }
    if (path === '/api/channels/blocks') return json(200, { success: true, data: blocks });
    return json(404, { success: false, message: 'Not found', code: 'NOT_FOUND' });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPage(lng: 'en' | 'bn' = 'en') {
  await initTestI18n(lng);
  const store = await makeSignedInStore({ _id: 's1', name: 'Desk', email: 'desk@example.com', role: 'staff' } as never);
  renderWithStore(<HousekeepingPage />, { at: '/staff/housekeeping', store, antd: true });
  await screen.findByTestId('room-101');
  await screen.findAllByTestId('room-blocks');
}

const calls = (method: string) =>
  fetch.mock.calls.map(([request]) => request as Request).filter((r) => r.method === method && new URL(r.url).pathname === '/api/channels/blocks');

/** Types a day into one of the modal's date pickers, as a person does with the keyboard. */
async function typeDay(label: string, iso: string) {
  const input = screen.getByLabelText(label);
  await userEvent.click(input);
  await userEvent.clear(input);
  await userEvent.type(input, `${isoToDmy(iso)}{Enter}`);
}

describe('Blocks on housekeeping', () => {
  it("shows each room's block beside it, asked once for the screen (today and the next 30 days)", async () => {
    await renderPage();
    expect(within(screen.getByTestId('room-101')).getByTestId('room-blocks')).toHaveTextContent(`Blocked by Airbnb, ${formatStay(channelBlock.checkIn, channelBlock.checkOut)}`);
    expect(within(screen.getByTestId('room-102')).getByTestId('room-blocks')).toHaveTextContent(`Closed: Out of order: water leak, ${formatStay(deskBlock.checkIn, deskBlock.checkOut)}`);
    expect(within(screen.getByTestId('room-103')).queryByTestId('room-blocks')).toBeNull();
    const gets = calls('GET');
    expect(gets).toHaveLength(1);
    expect(Object.fromEntries(new URL(gets[0]!.url).searchParams)).toEqual({ from: today, to: addDays(today, 30) });
  });

  it('closes a room: the check-out sent is the day after the last night, and the room then shows its block', async () => {
    const first = addDays(today, 10);
    const last = addDays(today, 12);
    postAnswer = (body) => {
      const made = block({ _id: 'k3', room: { _id: 'r103', roomNumber: '103', category: 'Deluxe King' }, source: 'desk', channel: null, checkIn: body.checkIn, checkOut: body.checkOut, summary: body.reason });
      blocks = [...blocks, made];
      return json(201, { success: true, data: made });
    };
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Close for some nights… (room 103)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Close room 103 for some nights');
    await typeDay('First night', first);
    await typeDay('Last night', last);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Out of order: broken AC');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the room' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ roomId: 'r103', checkIn: first, checkOut: addDays(last, 1), reason: 'Out of order: broken AC' });
    expect(await within(screen.getByTestId('room-103')).findByTestId('room-blocks')).toHaveTextContent(
      `Closed: Out of order: broken AC, ${formatStay(first, addDays(last, 1))}`,
    );
  });

  it("shows a 400's field errors beside their fields, and the dialog stays open", async () => {
    postAnswer = () =>
      json(400, {
        success: false,
        code: 'VALIDATION_ERROR',
        message: 'Please check the form.',
        errors: [{ path: 'checkOut', message: 'The last night must come after the first.' }],
      });
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Close for some nights… (room 103)' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Painting');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the room' }));
    expect(await within(dialog).findByTestId('close-refusal')).toHaveTextContent('Please check the form.');
    const lastNight = within(dialog).getByLabelText('Last night').closest('.ant-form-item')!;
    expect(lastNight).toHaveTextContent('The last night must come after the first.');
  });

  it('asks for a reason before sending anything', async () => {
    await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Close for some nights… (room 103)' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the room' }));
    expect(await within(dialog).findByText('Say why the room is closed.')).toBeInTheDocument();
    expect(posted).toHaveLength(0);
  });

  it("shows a 409 in the dialog, in Bengali, and the blocks' words with Bengali digits", async () => {
    postAnswer = () =>
      json(409, { success: false, code: 'ROOM_NOT_AVAILABLE', message: 'Some of these nights are taken by a stay or another block. Choose other nights or another room.' });
    await renderPage('bn');
    const notes = within(screen.getByTestId('room-101')).getByTestId('room-blocks');
    expect(notes).toHaveTextContent('Airbnb আটকে রেখেছে, ');
    expect(notes.textContent).not.toMatch(/[0-9]/);
    expect(within(screen.getByTestId('room-102')).getByTestId('room-blocks')).toHaveTextContent('বন্ধ: Out of order: water leak, ');
    await userEvent.click(screen.getByRole('button', { name: 'কয়েক রাতের জন্য বন্ধ করুন… (রুম ১০১)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('রুম ১০১ কয়েক রাতের জন্য বন্ধ করুন');
    await userEvent.type(within(dialog).getByLabelText('কারণ'), 'পানি চুইয়ে পড়ছে');
    expect(dialog).toHaveTextContent('১৭ / ২০০');
    await userEvent.click(within(dialog).getByRole('button', { name: 'রুম বন্ধ করুন' }));
    expect(await within(dialog).findByTestId('close-refusal')).toHaveTextContent('এই রাতগুলোর কয়েকটি একটি থাকা বা অন্য কোনো বন্ধ রাখার দখলে।');
    // The dialog stays open, with what was typed.
    expect(within(dialog).getByLabelText('কারণ')).toHaveValue('পানি চুইয়ে পড়ছে');
  });
});
