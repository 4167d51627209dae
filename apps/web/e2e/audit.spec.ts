import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import { chooseOption, expect, freeRooms, seriousViolations, sidewaysOverflow, test, testDayOffset, uniqueName, useLanguage } from './fixtures';

/*
 * The audit trail (issue 35), as the admin reads it: a coupon changed through the API shows up
 * with who changed it and the field before and after; the trail narrows to one kind of record;
 * the chain checks out; the CSV downloads. A reservation's details show its change history to the
 * admin (never to the staff), and the trail's link opens that reservation. Screens at 375 and
 * 1280 px in English and Bengali.
 */

const SHOTS = process.env.AUDIT_SHOTS ?? 'test-results/audit';

/** Files a screenshot to look at (not compared), once no list is still loading. */
async function shoot(page: Page, name: string) {
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test.describe('the audit trail', () => {
  test.use({ signedInAs: 'admin' });

  test('shows who changed a coupon and the field before and after, narrows to coupons, checks the chain and downloads the CSV, in both languages at both widths', async ({ page, request, api }) => {
    test.slow();
    const admin = await api.account('admin');
    const code = uniqueName('AUD').replace(/[^A-Za-z0-9]/g, '').slice(0, 20).toUpperCase();
    const made = await request.post('/api/coupons', {
      headers: admin.headers,
      data: { code, discountType: 'percentage', discountValue: 10, expirationDate: addDays(todayAt('Asia/Dhaka'), 365) },
    });
    expect(made.status(), await made.text()).toBe(201);
    const couponId = (await made.json()).data._id as string;
    const edited = await request.patch(`/api/coupons/${couponId}`, { headers: admin.headers, data: { discountValue: 15 } });
    expect(edited.status(), await edited.text()).toBe(200);

    await page.goto('/admin/audit');
    await expect(page.getByRole('heading', { level: 2, name: 'Audit trail' })).toBeVisible();
    await expect(page.getByTestId('audit-row').first()).toBeVisible();

    // Coupons only: the newest is the change just made, by the admin, as admin.
    await chooseOption(page, page.getByTestId('audit-filter-entity'), 'Coupon');
    await expect(page).toHaveURL(/entity=coupon/);
    const newest = page.getByTestId('audit-row').first();
    await expect(newest.getByTestId('audit-action')).toHaveText('Changed');
    await expect(newest.getByTestId('audit-who')).toContainText(admin.name);
    await expect(newest.getByTestId('audit-who')).toContainText('Admin');
    await expect(newest).toContainText('PATCH /api/coupons/:id');
    await newest.getByTestId('audit-changes-toggle').click();
    const change = page.getByTestId('audit-change-discount_value').first();
    await expect(change).toContainText('discount_value');
    await expect(change.locator('dd')).toHaveText(/^10\s*→\s*became\s*15$/);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'audit-en-1280');

    // The coupon's own history: its change and its creation.
    await newest.getByTestId('audit-entity').getByRole('button').click();
    await expect(page.getByTestId('audit-record-filter')).toBeVisible();
    await expect(page.getByTestId('audit-row')).toHaveCount(2);
    await expect(page.getByTestId('audit-row').nth(1).getByTestId('audit-action')).toHaveText('Created');

    // One person's doings: the admin's name narrows the trail to them, and the filter names them.
    await page.getByTestId('audit-row').first().getByTestId('audit-who').getByRole('button', { name: `Show only what ${admin.name} did` }).click();
    await expect(page).toHaveURL(new RegExp(`actor=${admin.user._id}`));
    await expect(page.getByTestId('audit-filter-person')).toContainText(admin.name);
    await expect(page.getByTestId('audit-row')).toHaveCount(2);

    // The CSV of what is on screen, fetched with the admin's token.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-csv').click()]);
    expect(download.suggestedFilename()).toBe('audit-coupon.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Number');
    expect(csv).toContain('discount_value');
    expect(csv.trim().split('\r\n')).toHaveLength(3);

    await page.getByTestId('audit-verify').click();
    await expect(page.getByTestId('audit-verify-result')).toContainText(/All [\d,]+ records match; the chain is intact\./);
    // The answer, the open changes and the filters read well enough for everyone (axe).
    expect(await seriousViolations(page)).toEqual([]);

    // A phone: cards, the same record, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByTestId('audit-row').first().getByTestId('audit-action')).toHaveText('Changed');
    // The record opened on the wide screen stays open on the card.
    await expect(page.getByTestId('audit-row').first().getByTestId('audit-change-discount_value')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'audit-en-375');

    // In Bengali: the same screen in Bengali words and digits.
    await page.goto('/admin/audit?entity=coupon');
    await useLanguage(page, 'bn');
    await expect(page.getByRole('heading', { level: 2, name: 'অডিট ট্রেইল' })).toBeVisible();
    await expect(page.getByTestId('audit-row').first().getByTestId('audit-action')).toHaveText('বদলানো হয়েছে');
    await page.getByTestId('audit-row').first().getByTestId('audit-changes-toggle').click();
    await expect(page.getByTestId('audit-row').first().getByTestId('audit-change-discount_value')).toContainText('১৫');
    await page.getByTestId('audit-verify').click();
    await expect(page.getByTestId('audit-verify-result')).toContainText(/সব [০-৯,]+টি রেকর্ড মিলেছে; চেইন অক্ষত।/);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'audit-bn-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByTestId('audit-change-discount_value').first()).toContainText('১০');
    await shoot(page, 'audit-bn-1280');
  });

  test('a reservation’s details show its change history to the admin, and the trail’s link opens it', async ({ page, request, api }) => {
    const checkIn = addDays(todayAt('Asia/Dhaka'), testDayOffset(60, 400));
    const checkOut = addDays(checkIn, 2);
    const [free] = await freeRooms(request, checkIn, checkOut);
    expect(free, 'a free room').toBeTruthy();
    const booked = await request.post('/api/bookings', {
      headers: await api.headers('user'),
      data: { roomId: free!._id, checkIn, checkOut, adults: 1, phone: '01712345678' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const booking = (await booked.json()).data as { _id: string; reservationId: string; reservationReference: string };

    await page.goto(`/admin/reservation?q=${booking.reservationReference}`);
    await page.getByTestId('action-details').first().click();
    const panel = page.getByRole('dialog').getByTestId('history-panel');
    await expect(panel.getByRole('heading', { name: 'Change history' })).toBeVisible();
    // Made by the guest online: the reservation's creation, its room's among them.
    await expect(panel.getByTestId('history-row').filter({ hasText: 'Created' }).first()).toBeVisible();
    await expect(panel.getByTestId('history-row').filter({ hasText: 'Room of a reservation' }).first()).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).last().click();

    // The trail narrowed to the reservation; its link opens the same details.
    await page.goto(`/admin/audit?entity=reservation&entityId=${booking.reservationId}`);
    await expect(page.getByTestId('audit-row').first()).toBeVisible();
    await page.getByTestId('audit-row').filter({ hasText: 'Reservation' }).last().getByTestId('audit-entity-link').click();
    await expect(page).toHaveURL(/\/admin\/reservation\?reservation=/);
    await expect(page.getByRole('dialog').getByTestId('details-reference')).toHaveText(booking.reservationReference);
    await expect(page.getByRole('dialog').getByTestId('history-panel')).toBeVisible();
    await page.getByRole('dialog').getByTestId('history-panel').scrollIntoViewIfNeeded();
    await shoot(page, 'reservation-history-en-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await useLanguage(page, 'bn');
    await expect(page.getByRole('dialog').getByTestId('history-panel').getByRole('heading', { name: 'পরিবর্তনের ইতিহাস' })).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('history-row').first()).toBeVisible();
    await page.getByRole('dialog').getByTestId('history-panel').scrollIntoViewIfNeeded();
    await shoot(page, 'reservation-history-bn-375');
  });

  test('a room’s Update and an account show their history to the admin', async ({ page, request, api }) => {
    const admin = await api.account('admin');
    const rooms = (await (await request.get('/api/room?limit=1')).json()).data as { _id: string }[];
    await page.goto(`/admin/room-management?edit=${rooms[0]!._id}`);
    await expect(page.getByRole('dialog').getByTestId('history-panel').getByRole('heading', { name: 'Change history' })).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('history-panel').getByTestId('history-row').first()).toBeVisible();
    await page.getByRole('dialog').getByTestId('history-panel').scrollIntoViewIfNeeded();
    await shoot(page, 'room-history-en-1280');

    // The admin's own account: their sign-in is in its history.
    await page.goto(`/admin/users?history=${admin.user._id}`);
    const account = page.getByRole('dialog').getByTestId('history-panel');
    await expect(account.getByTestId('history-row').filter({ hasText: 'Signed in' }).first()).toBeVisible();
    await shoot(page, 'user-history-en-1280');
  });
});

test.describe('the staff', () => {
  test.use({ signedInAs: 'staff' });

  test('see no change history on a reservation’s details: only admins read the trail', async ({ page }) => {
    await page.goto('/staff/reservation');
    await page.getByTestId('action-details').first().click();
    await expect(page.getByRole('dialog').getByTestId('booking-details')).toBeVisible();
    await expect(page.getByRole('dialog').getByTestId('details-history')).toBeVisible();
    await expect(page.getByTestId('history-panel')).toHaveCount(0);
  });
});
