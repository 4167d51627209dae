import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import { chooseOption, expect, freeRooms, seriousViolations, sidewaysOverflow, test as base, testDayOffset, uniqueName, useLanguage, type Api } from './fixtures';

/**
 * Admin › Channels (issue 20): a channel's iCal feed of a room, served by a small HTTP server of
 * the test's own on 127.0.0.1 (the API fetches private addresses outside production), closes the
 * nights it sold; an event over a stay becomes a conflict the admin resolves with a note.
 */

/** A feed server of this test: each path answers the calendar set for it. */
async function startFeeds() {
  const calendars = new Map<string, string>();
  const server: Server = createServer((request, response) => {
    const body = calendars.get(request.url ?? '/');
    if (body === undefined) response.writeHead(404).end('not found');
    else response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** Serves `events` at `path` and answers the feed's address. */
    serve(path: string, events: { uid: string; from: string; to: string; summary?: string }[]) {
      calendars.set(path, airbnb(events));
      return `http://127.0.0.1:${port}${path}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** An Airbnb-shaped calendar (its PRODID, all-day events, DTEND before DTSTART, CRLF). */
function airbnb(events: { uid: string; from: string; to: string; summary?: string }[]): string {
  const day = (iso: string) => iso.replaceAll('-', '');
  const lines = [
    'BEGIN:VCALENDAR',
    'PRODID:-//Airbnb Inc//Hosting Calendar 0.8.8//EN',
    'CALSCALE:GREGORIAN',
    'VERSION:2.0',
    ...events.flatMap((e) => [
      'BEGIN:VEVENT',
      `DTEND;VALUE=DATE:${day(e.to)}`,
      `DTSTART;VALUE=DATE:${day(e.from)}`,
      `UID:${e.uid}`,
      `SUMMARY:${e.summary ?? 'Reserved'}`,
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.join('\r\n') + '\r\n';
}

type Feeds = Awaited<ReturnType<typeof startFeeds>>;
const test = base.extend<{ feeds: Feeds }>({
  // The test's own feed server, closed after it.
  // eslint-disable-next-line no-empty-pattern
  feeds: async ({}, use) => {
    const feeds = await startFeeds();
    await use(feeds);
    await feeds.close();
  },
});

/** Nights of this test's own, far ahead of the other specs' stays (they book up to 2,400 days ahead). */
function stayOf(from: number, nights: number) {
  const checkIn = addDays(todayAt('Asia/Dhaka'), testDayOffset(from, 600));
  return { checkIn, checkOut: addDays(checkIn, nights) };
}

/** Books `roomId` for these nights as a new guest named `name`; answers the booking. */
async function book(request: APIRequestContext, api: Api, roomId: string, stay: { checkIn: string; checkOut: string }, name = 'Channel Test Guest') {
  const guest = await api.newGuest(name);
  const res = await request.post('/api/bookings', { headers: guest.headers, data: { roomId, ...stay, adults: 1, phone: '01700000000' } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { _id: string; transactionId: string };
}

/** Adds a feed through the API (as the admin); answers the feed and its first sync. */
async function addFeed(request: APIRequestContext, api: Api, roomId: string, url: string) {
  const res = await request.post('/api/channels/feeds', { headers: await api.headers('admin'), data: { roomId, channel: 'airbnb', url } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).data as { feed: { _id: string }; result: { events: number; added: number; conflicts: number; error: string | null } };
}

/** The open conflicts of a room, as the API lists them. */
async function openConflicts(request: APIRequestContext, api: Api, roomId: string) {
  const res = await request.get('/api/channels/conflicts?status=open&limit=100', { headers: await api.headers('admin') });
  expect(res.ok()).toBe(true);
  return ((await res.json()).data as { _id: string; room: { _id: string } }[]).filter((c) => c.room._id === roomId);
}

/** Opens Channels and waits for its rooms. */
async function openChannels(page: Page) {
  await page.goto('/admin/channels');
  await expect(page.getByTestId('channel-room-101')).toBeVisible();
}

test.describe('Admin › Channels', () => {
  test.use({ signedInAs: 'admin' });

  test('an Airbnb feed added to the last free room of a type closes it: the guest search no longer offers the type; removing the feed opens it again', async ({ page, request, api, feeds }) => {
    const stay = stayOf(2500, 3);
    // The room type with the fewest free rooms on these nights; all of its rooms but one are booked first.
    const free = await freeRooms(request, stay.checkIn, stay.checkOut);
    const byType = new Map<string, typeof free>();
    for (const room of free) byType.set(room.category, [...(byType.get(room.category) ?? []), room]);
    const [category, rooms] = [...byType].sort((a, b) => a[1].length - b[1].length)[0]!;
    const [last, ...others] = rooms;
    for (const room of others) await book(request, api, room._id, stay);
    const number = last!.room_overview.room_number;

    const search = `/view-rates?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&adults=1&children=0`;
    const rateCard = page.locator(`[data-testid="rate-card"][data-category="${category}"]`);
    await page.goto(search);
    await expect(rateCard.getByTestId('free-count')).toHaveText('1 room left');

    const url = feeds.serve(`/${uniqueName('airbnb')}.ics`, [{ uid: `${uniqueName('stay')}@airbnb.com`, from: stay.checkIn, to: stay.checkOut }]);
    await openChannels(page);
    await expect(page.getByTestId('channels-about')).toContainText('Booking.com offers iCal only to room types with a single unit and no XML connection.');
    const row = page.getByTestId(`channel-room-${number}`);
    await row.getByRole('button', { name: `Add feed to room ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Add a feed to room ${number}` });
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Channel' }), 'Airbnb');
    await dialog.getByLabel("The channel's calendar address (iCal)").fill(url);
    await dialog.getByRole('button', { name: 'Add and sync' }).click();
    await expect(dialog.getByTestId('add-feed-result')).toHaveText('Feed added. First sync: 1 event: 1 added, 0 released, 0 conflicts');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    const feed = row.getByRole('listitem').filter({ hasText: url });
    await expect(feed.getByTestId('feed-channel')).toHaveText('Airbnb');
    await expect(feed.getByTestId('feed-blocks')).toHaveText('1 block held now');
    await feed.getByRole('button', { name: `Sync now: the Airbnb feed of room ${number}` }).click();
    // Said in a message (the feed's row reads the same once it has reloaded).
    await expect(page.getByRole('alert').filter({ hasText: '1 event: 0 added, 0 released, 0 conflicts' })).toBeVisible();

    // The export addresses: Copy puts the whole address on the clipboard and says so.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const exports = row.getByTestId(`exports-${number}`);
    await exports.getByText('Addresses to give each channel (6)').click();
    const bookingCom = exports.getByTestId('export-booking_com');
    const address = await bookingCom.getByTestId('export-url').textContent();
    expect(address).toMatch(/\/api\/channels\/export\/[A-Za-z0-9_-]{20,}\.ics$/);
    await bookingCom.getByRole('button', { name: `Copy the Booking.com address of room ${number}` }).click();
    await expect(bookingCom.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);

    // The guest's search: the type is sold out on these nights (its last free room is Airbnb's).
    await page.goto(search);
    await expect(page.getByTestId('rate-card').first()).toBeVisible();
    await expect(rateCard).toHaveCount(0);
    await expect(page.locator(`[data-testid="sold-out-card"][data-category="${category}"]`)).toContainText('Sold out');
    expect((await freeRooms(request, stay.checkIn, stay.checkOut)).map((r) => r._id)).not.toContain(last!._id);

    // Removing the feed (asked first) releases its nights.
    await openChannels(page);
    await feed.getByRole('button', { name: `Remove: the Airbnb feed of room ${number}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove this feed?' });
    await expect(confirm).toContainText(`The nights it holds on room ${number} (1 block) are released`);
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Feed removed; its nights are free again.')).toBeVisible();
    await expect(feed).toHaveCount(0);
    expect((await freeRooms(request, stay.checkIn, stay.checkOut)).map((r) => r._id)).toContain(last!._id);
  });

  test('an Airbnb stay over a reservation is a conflict: the admin sees both sides and resolves it with a note', async ({ page, request, api, feeds }) => {
    const stay = stayOf(3200, 3);
    const [room] = await freeRooms(request, stay.checkIn, addDays(stay.checkOut, 1));
    const number = room!.room_overview.room_number;
    const booking = await book(request, api, room!._id, stay, 'Karim Chowdhury');
    const url = feeds.serve(`/${uniqueName('airbnb')}.ics`, [
      { uid: `${uniqueName('stay')}@airbnb.com`, from: addDays(stay.checkIn, 1), to: addDays(stay.checkOut, 1), summary: 'Airbnb (Not available)' },
    ]);
    const added = await addFeed(request, api, room!._id, url);
    // Its last night is free: held for Airbnb's guest; the others clash (issue 31).
    expect(added.result).toMatchObject({ events: 1, added: 1, conflicts: 1, error: null });
    const [conflict] = await openConflicts(request, api, room!._id);

    // The admin's dashboard says so first, and leads to Channels (other tests' conflicts may count too).
    await page.goto('/admin/dashboard');
    await page.getByTestId('conflicts-notice').filter({ hasText: /^\d+ channel conflicts? to resolve$/ }).click();
    await expect(page).toHaveURL(/\/admin\/channels$/);
    await expect(page.getByTestId(`channel-room-${number}`)).toBeVisible();
    const item = page.getByTestId(`conflict-${conflict!._id}`);
    await expect(item).toContainText(`Room ${number}`);
    await expect(item.getByTestId('conflict-channel-side')).toContainText('Airbnb sold');
    await expect(item.getByTestId('conflict-channel-side')).toContainText('Airbnb (Not available)');
    await expect(item.getByTestId('conflict-held-by')).toContainText(`Reservation ${booking.transactionId}, Karim Chowdhury`);
    // The feed's row says so too.
    await expect(item.getByTestId('conflict-held')).toContainText('Held for Airbnb now:');
    await expect(item.getByTestId('conflict-clashing')).toContainText('Taken already:');
    await expect(page.getByTestId(`feed-${added.feed._id}`).getByTestId('feed-result')).toHaveText('1 event: 1 added, 0 released, 1 conflict');
    expect(await seriousViolations(page)).toEqual([]);

    await item.getByRole('button', { name: `Mark resolved: room ${number}, Airbnb` }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the conflict resolved' });
    // The form is there before its button is pressed: a press during the dialog's opening once
    // did not reach the form (ci-D).
    await expect(dialog.getByLabel('What was done')).toBeEditable();
    await dialog.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(dialog.getByText('Say what was done.')).toBeVisible();
    await dialog.getByLabel('What was done').fill('Moved the Airbnb guest to another suite and told them by phone.');
    await dialog.getByRole('button', { name: 'Mark resolved' }).click();
    await expect(page.getByText('The conflict is resolved.')).toBeVisible();
    await expect(item).toHaveCount(0);

    const resolved = await request.get('/api/channels/conflicts?status=resolved&limit=100', { headers: await api.headers('admin') });
    const mine = ((await resolved.json()).data as { _id: string; note: string | null }[]).find((c) => c._id === conflict!._id);
    expect(mine?.note).toBe('Moved the Airbnb guest to another suite and told them by phone.');
    await request.delete(`/api/channels/feeds/${added.feed._id}`, { headers: await api.headers('admin') });
  });

  test('in Bengali on a phone: a feed card and a conflict read in Bengali, and nothing scrolls sideways', async ({ page, request, api, feeds }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const stay = stayOf(3900, 2);
    const [room] = await freeRooms(request, stay.checkIn, addDays(stay.checkOut, 1));
    const number = room!.room_overview.room_number;
    const bnNumber = number.replace(/[0-9]/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]!);
    await book(request, api, room!._id, stay, 'Farhana Akter');
    const url = feeds.serve(`/${uniqueName('airbnb')}-with-a-long-address-as-real-channels-give-them.ics`, [
      { uid: `${uniqueName('stay')}@airbnb.com`, from: addDays(stay.checkIn, 1), to: addDays(stay.checkOut, 1) },
    ]);
    const added = await addFeed(request, api, room!._id, url);
    const [conflict] = await openConflicts(request, api, room!._id);

    await page.goto('/admin/channels');
    await useLanguage(page, 'bn');
    const card = page.getByTestId(`channel-room-${number}`);
    await expect(card).toBeVisible();
    const feed = page.getByTestId(`feed-${added.feed._id}`);
    await expect(feed.getByTestId('feed-result')).toHaveText('১টি ইভেন্ট: ১টি যোগ হয়েছে, ০টি ছেড়ে দেওয়া হয়েছে, ১টি সংঘাত');
    await expect(feed.getByTestId('feed-blocks')).toHaveText('এখন ১টি ব্লক ধরে রাখা');
    await expect(feed.getByTestId('feed-last-sync')).toHaveText(/^শেষ সিঙ্ক: [^0-9]+$/);
    await expect(feed.getByRole('button', { name: `এখনই সিঙ্ক করুন: রুম ${bnNumber}-এর Airbnb ফিড` })).toBeVisible();
    const item = page.getByTestId(`conflict-${conflict!._id}`);
    await expect(item.getByTestId('conflict-channel-side')).toContainText('Airbnb বিক্রি করেছে');
    await expect(item.getByTestId('conflict-channel-side')).not.toContainText(/[0-9]/);
    await expect(item.getByTestId('conflict-held')).toContainText('এখন Airbnb-এর জন্য ধরে রাখা:');
    await expect(item.getByTestId('conflict-held-by')).toContainText('Farhana Akter');
    await expect(item).toContainText(`রুম ${bnNumber}`);
    await expect(card).toContainText(`রুম ${bnNumber}`);
    await expect(page.getByTestId('channels-about')).toContainText('Booking.com কেবল এমন রুম টাইপের জন্য iCal দেয়');
    expect(await sidewaysOverflow(page)).toBe(0);
    // The export addresses, opened, fit too (cut to the width, copied whole).
    await card.getByText('প্রতিটি চ্যানেলকে দেওয়ার ঠিকানা (৬)').click();
    await expect(card.getByTestId('export-airbnb').getByRole('button', { name: `নতুন ঠিকানা: রুম ${bnNumber}-এর Airbnb` })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await request.post(`/api/channels/conflicts/${conflict!._id}/resolve`, { headers: await api.headers('admin'), data: { note: 'e2e: done' } });
    await request.delete(`/api/channels/feeds/${added.feed._id}`, { headers: await api.headers('admin') });
  });
});
