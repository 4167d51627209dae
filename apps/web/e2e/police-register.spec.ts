import { execFileSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import { expect, freeRooms, sidewaysOverflow, test, useLanguage } from './fixtures';

/*
 * The police register (issue 34), as the desk and the admin use it: today's guests in the house,
 * one of them with a card the desk filled, the Bengali PDF downloaded and its text read back,
 * and the admin's log showing that download. Screens at 375 and 1280 px in both languages.
 */

const today = todayAt('Asia/Dhaka');

/** Files the screenshots under test-results, to look at (not compared). */
async function shoot(page: Page, name: string) {
  // Not while a list is still loading (antd dims it).
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  await page.screenshot({ path: `test-results/police-register/${name}.png`, fullPage: true });
}

test.describe('the police register', () => {
  test.use({ signedInAs: 'staff' });

  test('the desk sees today’s guests, downloads the Bengali PDF and reads it back; the admin’s log has the download', async ({ page, request, api }) => {
    test.slow();
    const staff = await api.headers('staff');
    // Tonight and tomorrow for one adult, booked by the demo guest and confirmed by the desk.
    const [free] = await freeRooms(request, today, addDays(today, 2), { adults: 1, children: 0 });
    expect(free, 'a free room').toBeTruthy();
    const booked = await request.post('/api/bookings', {
      headers: await api.headers('user'),
      data: { roomId: free!._id, checkIn: today, checkOut: addDays(today, 2), adults: 1, phone: '01712345678' },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    const room = { bookingId: (await booked.json()).data._id as string };
    expect((await request.patch(`/api/bookings/${room.bookingId}`, { headers: staff, data: { isConfirmed: true } })).ok()).toBe(true);
    const saved = await request.put(`/api/bookings/${room.bookingId}/guests`, {
      headers: staff,
      data: {
        guests: [
          {
            kind: 'adult',
            fullName: 'Karim Hossain',
            guardianName: 'Abdul Hossain',
            address: 'House 4, Road 2, Uttara, Dhaka',
            nationality: 'BD',
            dateOfBirth: '1988-06-15',
            phone: '+8801712345678',
            idType: 'nid',
            idNumber: '8723456789',
            purpose: 'Business',
            arrivingFrom: 'Khulna',
            goingTo: 'Khulna',
          },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    // The photos are to follow: the desk checks the room in with a note.
    const checkedIn = await request.post(`/api/bookings/${room.bookingId}/check-in`, { headers: staff, data: { registrationNote: 'Photos to follow tonight' } });
    expect(checkedIn.status(), await checkedIn.text()).toBe(200);

    await page.goto('/staff/police-register');
    await expect(page.getByRole('heading', { level: 2, name: 'Police register' })).toBeVisible();
    const home = page.getByTestId('police-register-home');
    await expect(home.getByText('Karim Hossain')).toBeVisible();
    await expect(page.getByTestId('police-register-incomplete')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'staff-en-1280');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('police-register-pdf-bn').click()]);
    expect(download.suggestedFilename()).toBe(`police-register-${today}-${today}-bn.pdf`);
    const text = execFileSync('pdftotext', ['-layout', await download.path(), '-'], { encoding: 'utf8' });
    expect(text).toContain('Karim Hossain');
    expect(text.replace(/\s+/g, '')).toContain('জাতীয়তা');
    expect(text).toContain('আগমন');

    await page.setViewportSize({ width: 375, height: 740 });
    await expect(home.getByText('Karim Hossain')).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'staff-en-375');

    await useLanguage(page, 'bn');
    await expect(page.getByRole('heading', { level: 2, name: 'পুলিশ রেজিস্টার' })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'staff-bn-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(home.getByText('Karim Hossain')).toBeVisible();
    await shoot(page, 'staff-bn-1280');

    // The admin's log: the staff member's download of the Bengali PDF, newest first.
    const views = await request.get('/api/audit/id-views?limit=5', { headers: await api.headers('admin') });
    const lines = (await views.json()).data as { action: string; detail: string; viewer: { role: string } }[];
    expect(lines.some((l) => l.action === 'register' && l.detail === `${today} to ${today}, pdf (bn)` && l.viewer.role === 'staff')).toBe(true);
  });
});

test.describe('the admin’s ID views', () => {
  test.use({ signedInAs: 'admin' });

  test('lists who viewed which card, in both languages at both widths', async ({ page, request, api }) => {
    // A view to list: the admin reads today's register.
    expect((await request.get(`/api/reports/police-register?from=${today}&to=${today}`, { headers: await api.headers('admin') })).status()).toBe(200);
    await page.goto('/admin/id-views');
    await expect(page.getByRole('heading', { level: 2, name: 'ID views' })).toBeVisible();
    await expect(page.getByTestId('id-views-row').first()).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'views-en-1280');
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(page.getByTestId('id-views-row').first()).toBeVisible();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await shoot(page, 'views-en-375');
    await useLanguage(page, 'bn');
    await expect(page.getByRole('heading', { level: 2, name: 'পরিচয়পত্র দেখার লগ' })).toBeVisible();
    await shoot(page, 'views-bn-375');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shoot(page, 'views-bn-1280');
    await page.goto('/admin/police-register');
    await expect(page.getByRole('heading', { level: 2, name: 'পুলিশ রেজিস্টার' })).toBeVisible();
    await shoot(page, 'admin-bn-1280');
  });
});
