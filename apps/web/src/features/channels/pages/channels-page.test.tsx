import type { TChannelRoom, TFeed } from '@residency/shared';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import ChannelsPage from './channels-page';
import { sampleConflict } from '../../../test/channels';

// The page's ways out: the channels API and the categories, stubbed, so the test sees what is sent.
const addFeed = vi.fn();
const syncFeed = vi.fn();
const resolveConflict = vi.fn();
const feed: TFeed = {
  _id: 'f1',
  roomId: 'r1',
  channel: 'airbnb',
  url: 'https://www.airbnb.com/calendar/ical/123456789.ics?s=0123456789abcdef0123456789abcdef',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastSyncAt: '2026-11-26T09:15:00.000Z',
  lastSuccessAt: '2026-11-26T09:15:00.000Z',
  lastResult: { events: 12, added: 2, released: 1, kept: 9, conflicts: 0, skipped: 0, skippedEvents: [] },
  lastError: null,
  lastErrorCode: null,
  lastErrorParams: null,
  blocks: 3,
};
const exports = (['booking_com', 'airbnb', 'agoda', 'expedia', 'vrbo', 'other'] as const).map((channel) => ({
  channel,
  url: `https://residency.example/api/channels/export/${channel}-token-0123456789abcdef.ics`,
}));
const rooms: TChannelRoom[] = [
  { _id: 'r1', roomNumber: '501', category: 'Executive Suite', exports, feeds: [feed] },
  { _id: 'r2', roomNumber: '502', category: 'Executive Suite', exports, feeds: [] },
];
const conflict = sampleConflict();
// One page of the open conflicts: the API pages them (23 in all here, 10 a page).
const getConflicts = vi.fn((_query: { page?: number }) => ({ data: { success: true, data: [conflict], meta: { page: 1, limit: 10, total: 1 } }, isError: false }));
vi.mock('../api', () => ({
  useGetChannelRoomsQuery: () => ({ data: { success: true, data: rooms }, isLoading: false, isError: false }),
  useGetConflictsQuery: (query: { page?: number }) => getConflicts(query),
  useAddFeedMutation: () => [addFeed, { isLoading: false }],
  useSyncFeedMutation: () => [syncFeed, { isLoading: false }],
  useRemoveFeedMutation: () => [vi.fn(), { isLoading: false }],
  useRotateExportMutation: () => [vi.fn(), { isLoading: false }],
  useResolveConflictMutation: () => [resolveConflict, { isLoading: false }],
}));
vi.mock('../../../lib/categories-api', () => ({
  useGetCategoriesQuery: () => ({ data: { success: true, data: [{ name: 'Executive Suite', translations: { bn: { name: 'এক্সিকিউটিভ স্যুট' } } }] } }),
}));

// Every width query answers no: a phone (the rooms are cards).
installAntdDom({ desktop: false });

const renderPage = () =>
  render(
    <App>
      <ChannelsPage />
    </App>,
  );

describe('Admin › Channels', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await initTestI18n('en');
    for (const fn of [addFeed, syncFeed, resolveConflict]) fn.mockReset();
  });
  afterEach(cleanup);

  it('says what iCal covers and that Booking.com needs a channel manager for several rooms of a type', () => {
    renderPage();
    const about = screen.getByTestId('channels-about');
    expect(about).toHaveTextContent('Airbnb, VRBO, Agoda, Expedia and other channels read and publish a calendar (iCal) for each room.');
    expect(about).toHaveTextContent(
      "Booking.com offers iCal only to room types with a single unit and no XML connection. A hotel with several rooms per type needs a channel manager's connection, which is not part of this screen.",
    );
  });

  it('shows both sides of a conflict and resolves it only with a note, which it sends', async () => {
    const user = userEvent.setup();
    resolveConflict.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: { ...conflict, resolvedAt: '2026-11-26T10:00:00.000Z' } }) });
    renderPage();
    const item = screen.getByTestId('conflict-c1');
    expect(within(item).getByTestId('conflict-channel-side')).toHaveTextContent('Airbnb sold');
    expect(within(item).getByTestId('conflict-channel-side')).toHaveTextContent('Reserved');
    expect(within(item).getByTestId('conflict-held-by')).toHaveTextContent('Reservation RSV-7Q2K9ABC, Karim Chowdhury');
    // Issue 31: which nights the channel's guest holds, and which clash.
    expect(within(item).getByTestId('conflict-clashing')).toHaveTextContent('Taken already: Wed, Jan 13, 2027 ~ Fri, Jan 15, 2027');
    expect(within(item).getByTestId('conflict-held')).toHaveTextContent('Held for Airbnb now: Tue, Jan 12, 2027 ~ Wed, Jan 13, 2027');
    expect(item).toHaveTextContent('Room 501 · Executive Suite');

    await user.click(within(item).getByRole('button', { name: 'Mark resolved: room 501, Airbnb' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark the conflict resolved' });
    // Without a note (spaces are no note) nothing is sent.
    await user.type(within(dialog).getByLabelText('What was done'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    expect(await within(dialog).findByText('Say what was done.')).toBeInTheDocument();
    expect(resolveConflict).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('What was done'));
    await user.type(within(dialog).getByLabelText('What was done'), 'Moved Karim to room 502 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark resolved' }));
    await waitFor(() => expect(resolveConflict).toHaveBeenCalledWith({ id: 'c1', note: 'Moved Karim to room 502' }));
    expect(await screen.findByText('The conflict is resolved.')).toBeInTheDocument();
  });

  it('pages the open conflicts: the count of all, ten a page, and the next page asked of the API', async () => {
    getConflicts.mockImplementation((query: { page?: number }) => ({
      data: { success: true, data: [sampleConflict({ _id: `p${query.page ?? 1}` })], meta: { page: query.page ?? 1, limit: 10, total: 23 } },
      isError: false,
    }));
    renderPage();
    expect(screen.getByTestId('channel-conflicts')).toHaveTextContent('23 open');
    const pages = screen.getByRole('navigation', { name: 'Pages of open conflicts' });
    await userEvent.click(within(pages).getByText('3'));
    expect(getConflicts).toHaveBeenLastCalledWith({ status: 'open', page: 3 });
    expect(await screen.findByTestId('conflict-p3')).toBeInTheDocument();
    getConflicts.mockReset();
    getConflicts.mockImplementation(() => ({ data: { success: true, data: [conflict], meta: { page: 1, limit: 10, total: 1 } }, isError: false }));
  });

  it('says so in Bengali when someone else resolved the conflict meanwhile, and closes the question', async () => {
    await initTestI18n('bn');
    const user = userEvent.setup();
    resolveConflict.mockReturnValue({
      unwrap: () => Promise.reject({ status: 409, data: { success: false, code: 'CONFLICT_RESOLVED', message: 'This conflict is resolved already.' } }),
    });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'সমাধান হয়েছে: রুম ৫০১, Airbnb' }));
    const dialog = await screen.findByRole('dialog', { name: 'সংঘাত সমাধান হয়েছে বলে চিহ্নিত করুন' });
    await user.type(within(dialog).getByLabelText('কী করা হয়েছে'), 'অতিথিকে ৫০২-এ সরানো হয়েছে');
    await user.click(within(dialog).getByRole('button', { name: 'সমাধান হয়েছে' }));
    expect(await screen.findByText('এর মধ্যে অন্য কেউ এই সংঘাতের সমাধান করেছেন।')).toBeInTheDocument();
    // The question closes (jsdom never ends antd's leave animation: the dialog is caught leaving).
    await waitFor(() => expect(dialog).toHaveClass('ant-zoom-leave'));
  });

  it("adds a feed and shows its failed first sync's error", async () => {
    const user = userEvent.setup();
    addFeed.mockReturnValue({
      unwrap: () =>
        Promise.resolve({
          success: true,
          data: {
            feed: { ...feed, _id: 'f2', roomId: 'r2', lastResult: null, lastError: 'The channel answered HTTP 404.', lastErrorCode: 'HTTP_STATUS', lastErrorParams: { status: 404 }, blocks: 0 },
            result: { events: 0, added: 0, released: 0, kept: 0, conflicts: 0, error: 'The channel answered HTTP 404.', errorCode: 'HTTP_STATUS', errorParams: { status: 404 } },
          },
        }),
    });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Add feed to room 502' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a feed to room 502' });
    // A wrong address is refused before anything is sent.
    await user.type(within(dialog).getByLabelText("The channel's calendar address (iCal)"), 'ftp://calendar.example/502.ics');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Channel' }));
    await user.click(await waitFor(() => document.querySelector<HTMLElement>('.ant-select-item-option[title="VRBO"]')!));
    await user.click(within(dialog).getByRole('button', { name: 'Add and sync' }));
    expect(await within(dialog).findByText('Enter an http or https address of the feed.')).toBeInTheDocument();
    expect(addFeed).not.toHaveBeenCalled();

    const url = within(dialog).getByLabelText("The channel's calendar address (iCal)");
    await user.clear(url);
    await user.type(url, 'https://www.vrbo.com/icalendar/502.ics');
    await user.click(within(dialog).getByRole('button', { name: 'Add and sync' }));
    await waitFor(() => expect(addFeed).toHaveBeenCalledWith({ roomId: 'r2', channel: 'vrbo', url: 'https://www.vrbo.com/icalendar/502.ics' }));
    expect(await within(dialog).findByTestId('add-feed-result')).toHaveTextContent('The feed was added, but its first sync failed: the channel answered HTTP 404.');
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add and sync' })).toBeNull();
  });

  it('syncs a feed now and says what the sync did', async () => {
    const user = userEvent.setup();
    syncFeed.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: { events: 14, added: 2, released: 1, kept: 10, conflicts: 0, error: null, errorCode: null, errorParams: null } }) });
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Sync now: the Airbnb feed of room 501' }));
    expect(syncFeed).toHaveBeenCalledWith('f1');
    expect(await screen.findByText('14 events: 2 added, 1 released, 0 conflicts')).toBeInTheDocument();
    // Events refused on their own are counted and named, with why.
    syncFeed.mockReturnValue({
      unwrap: () =>
        Promise.resolve({
          success: true,
          data: { events: 3, added: 0, released: 0, kept: 3, conflicts: 0, skipped: 2, skippedEvents: [{ uid: 'x9@airbnb.com', reason: 'BAD_DATE' }, { uid: 'x8@airbnb.com', reason: 'PAST_HORIZON' }], error: null, errorCode: null, errorParams: null },
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Sync now: the Airbnb feed of room 501' }));
    expect(
      await screen.findByText('3 events: 0 added, 0 released, 0 conflicts; 2 events skipped (x9@airbnb.com: a date that does not exist, x8@airbnb.com: after the last night we sell)'),
    ).toBeInTheDocument();

    // A failed sync says why.
    syncFeed.mockReturnValue({ unwrap: () => Promise.resolve({ success: true, data: { events: 0, added: 0, released: 0, kept: 0, conflicts: 0, error: 'The channel did not answer within 15 seconds.', errorCode: 'TIMEOUT', errorParams: { seconds: 15 } } }) });
    await user.click(screen.getByRole('button', { name: 'Sync now: the Airbnb feed of room 501' }));
    expect(await screen.findByText('The sync failed: the channel did not answer within 15 seconds.')).toBeInTheDocument();
  });

  it('shows a failed last sync in red, with the last good one', () => {
    const failing = { ...feed, lastError: 'The channel answered HTTP 500.', lastErrorCode: 'HTTP_STATUS' as const, lastErrorParams: { status: 500 }, lastSyncAt: '2026-11-26T10:00:00.000Z' };
    rooms[0] = { ...rooms[0]!, feeds: [failing] };
    try {
      renderPage();
      const error = within(screen.getByTestId('feed-f1')).getByTestId('feed-error');
      expect(error).toHaveTextContent('The last sync failed: the channel answered HTTP 500.');
      expect(error).toHaveTextContent('Last good sync: Nov 26, 2026, 15:15');
      expect(error).toHaveClass('text-red-700');
    } finally {
      rooms[0] = { ...rooms[0]!, feeds: [feed] };
    }
  });

  it('writes the counts, times and dates in Bengali', async () => {
    await initTestI18n('bn');
    renderPage();
    const row = screen.getByTestId('feed-f1');
    expect(within(row).getByTestId('feed-result')).toHaveTextContent('১২টি ইভেন্ট: ২টি যোগ হয়েছে, ১টি ছেড়ে দেওয়া হয়েছে, ০টি সংঘাত');
    expect(within(row).getByTestId('feed-blocks')).toHaveTextContent('এখন ৩টি ব্লক ধরে রাখা');
    // 09:15 UTC is 15:15 at the hotel.
    expect(within(row).getByTestId('feed-last-sync')).toHaveTextContent(/^শেষ সিঙ্ক: .*২০২৬.*১৫:১৫/);
    expect(within(row).getByTestId('feed-last-sync')).not.toHaveTextContent(/[0-9]/);
    const item = screen.getByTestId('conflict-c1');
    expect(item).toHaveTextContent('রুম ৫০১ · এক্সিকিউটিভ স্যুট');
    expect(within(item).getByTestId('conflict-channel-side')).toHaveTextContent('Airbnb বিক্রি করেছে');
    expect(within(item).getByTestId('conflict-channel-side')).not.toHaveTextContent(/[0-9]/);
    expect(screen.getByRole('button', { name: 'এখনই সিঙ্ক করুন: রুম ৫০১-এর Airbnb ফিড' })).toBeInTheDocument();
  });

  it("says why a sync failed in Bengali, with the API's values in Bengali digits", async () => {
    await initTestI18n('bn');
    const failing = { ...feed, lastError: 'The channel answered HTTP 503.', lastErrorCode: 'HTTP_STATUS' as const, lastErrorParams: { status: 503 } };
    rooms[0] = { ...rooms[0]!, feeds: [failing] };
    try {
      renderPage();
      const error = within(screen.getByTestId('feed-f1')).getByTestId('feed-error');
      expect(error).toHaveTextContent('চ্যানেল HTTP ৫০৩ উত্তর দিয়েছে।');
      expect(error).not.toHaveTextContent('answered');
    } finally {
      rooms[0] = { ...rooms[0]!, feeds: [feed] };
    }
  });
});
