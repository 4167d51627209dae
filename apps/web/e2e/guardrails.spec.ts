import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { addDays, todayAt } from '@residency/shared/dates';
import { chooseOption, DEMO, expect, login, seriousViolations, test, uniqueEmail } from './fixtures';
import { mailedLink } from './mailbox';

/**
 * Guardrails in the back office (issue 13): an admin invites a colleague, who sets a password
 * with the one-time link; a role change is asked before it is sent and the admin's own row
 * offers neither role change nor delete; a guest changes their password on /profile, which ends
 * their other sign-ins; an admin edits a coupon and switches it off, and a used coupon keeps
 * its code. Each test makes its own accounts and coupons.
 */

async function adminToken(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { data: DEMO.admin });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

/** A second browser, as another device would be: English, cookie question answered. */
async function otherDevice(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem('lng')) localStorage.setItem('lng', 'en');
    localStorage.setItem('cookieConsent', 'true');
  });
  return context;
}

/** Axe finds nothing serious or critical on the page. */
async function expectNoSeriousAxeIssues(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('an admin invites a colleague, who sets a password with the link once and lands on the staff dashboard', async ({ page, browser, baseURL }) => {
  const email = uniqueEmail('invited');
  await login(page, DEMO.admin);
  await page.goto('/admin/users');
  await page.getByRole('button', { name: 'Invite staff' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
  await expect(dialog).toBeVisible();

  // The contract's messages, beside their fields, and nothing is sent.
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(dialog.getByText('Name is required.')).toBeVisible();
  await expect(dialog.getByText('E-mail is required.')).toBeVisible();
  await dialog.getByLabel('Full name').fill('Nusrat Jahan');
  await dialog.getByLabel('E-mail').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address.')).toBeVisible();
  await expectNoSeriousAxeIssues(page);

  await dialog.getByLabel('E-mail').fill(email);
  await expect(dialog.getByTestId('invite-role')).toContainText('Staff');
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`Invitation sent. ${email} has been e-mailed a link`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByPlaceholder('Search User').fill(email);
  await expect(page.getByRole('row', { name: /Nusrat Jahan/ }).getByText('STAFF', { exact: true })).toBeVisible();

  // The same e-mail again: the server's reason, on the field.
  await page.getByRole('button', { name: 'Invite staff' }).click();
  await dialog.getByLabel('Full name').fill('Nusrat Again');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(dialog.getByText('This e-mail already has an account.', { exact: false })).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const link = await mailedLink('invite', email, /https?:\/\/\S+?\/reset-password\?token=[\w-]+&invite=1/);
  const device = await otherDevice(browser, baseURL);
  const invitee = await device.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await invitee.getByLabel('New password', { exact: true }).fill('welcome-aboard-1');
  await invitee.getByLabel('Repeat the new password').fill('welcome-aboard-1');
  await invitee.getByRole('button', { name: 'Save my password' }).click();
  await expect(invitee.getByText('Your password is set. You can now log in.')).toBeVisible();
  await login(invitee, { email, password: 'welcome-aboard-1' });
  await expect(invitee).toHaveURL(/\/staff\/dashboard$/);

  // The link works once.
  await invitee.evaluate(() => localStorage.removeItem('persist:auth'));
  await invitee.goto(link);
  await invitee.getByLabel('New password', { exact: true }).fill('second-try-123');
  await invitee.getByLabel('Repeat the new password').fill('second-try-123');
  await invitee.getByRole('button', { name: 'Save my password' }).click();
  await expect(invitee.getByRole('alert')).toContainText('This reset link is not valid or has expired.');
  await device.close();
});

test('a role change is asked first: cancelling keeps the role, confirming changes it; the admin cannot change or delete themselves', async ({ page, request }) => {
  const email = uniqueEmail('role');
  const registered = await request.post('/api/auth/register', { data: { email, password: 'password-123', name: 'Rafiq Islam' } });
  expect(registered.status()).toBe(201);
  const id = (await registered.json()).data.user._id as string;
  const asAdmin = { authorization: `Bearer ${await adminToken(request)}` };
  const roleOnServer = async () => (await (await request.get(`/api/users/${id}`, { headers: asAdmin })).json()).data.role as string;

  await login(page, DEMO.admin);
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search User').fill(email);
  const row = page.getByRole('row', { name: /Rafiq Islam/ });
  await expect(row).toHaveCount(1);
  const select = page.getByTestId(`role-select-${email}`);

  await chooseOption(page, select, 'Staff');
  const confirm = page.getByRole('dialog', { name: 'Change this role?' });
  await expect(confirm).toContainText('Rafiq Islam will change from User to Staff.');
  await expectNoSeriousAxeIssues(page);
  await confirm.getByRole('button', { name: 'Keep User' }).click();
  await expect(confirm).toBeHidden();
  await expect(select).toContainText('User');
  await expect(row.getByText('USER', { exact: true })).toBeVisible();
  expect(await roleOnServer()).toBe('user');

  await chooseOption(page, select, 'Staff');
  await confirm.getByRole('button', { name: 'Make Staff' }).click();
  await expect(page.getByText('User role updated successfully')).toBeVisible();
  expect(await roleOnServer()).toBe('staff');
  await page.reload();
  await page.getByPlaceholder('Search User').fill(email);
  await expect(page.getByRole('row', { name: /Rafiq Islam/ }).getByText('STAFF', { exact: true })).toBeVisible();

  // The signed-in admin's own row: "You", no role dropdown, no Delete.
  await page.getByPlaceholder('Search User').fill(DEMO.admin.email);
  const own = page.getByRole('row', { name: new RegExp(DEMO.admin.email) });
  await expect(own).toHaveCount(1);
  await expect(own.getByText('You', { exact: true })).toBeVisible();
  await expect(page.getByTestId(`self-${DEMO.admin.email}`)).toBeVisible();
  await expect(page.getByTestId(`role-select-${DEMO.admin.email}`)).toHaveCount(0);
  await expect(page.getByTestId(`delete-${DEMO.admin.email}`)).toHaveCount(0);
  await expect(own.getByRole('button')).toHaveCount(0);
  await expectNoSeriousAxeIssues(page);
});

test('a guest changes their password on /profile: other sign-ins end, this one goes on, the new password logs in', async ({ page, browser, baseURL, request }) => {
  const email = uniqueEmail('newpass');
  await request.post('/api/auth/register', { data: { email, password: 'first-password', name: 'Shirin Akter' } });

  // Signed in on another device first.
  const device = await otherDevice(browser, baseURL);
  const other = await device.newPage();
  await login(other, { email, password: 'first-password' });
  await other.goto('/profile');
  await expect(other.getByTestId('membership-number')).toBeVisible();

  await login(page, { email, password: 'first-password' });
  await page.goto('/profile');
  const section = page.getByTestId('change-password');
  await expect(section.getByRole('heading', { name: 'Change password' })).toBeVisible();
  const submit = section.getByRole('button', { name: 'Change password' });

  // The form's own checks: the contract's minimum, the repeat matching.
  await section.getByLabel('Current password').fill('first-password');
  await section.getByLabel('New password', { exact: true }).fill('short');
  await section.getByLabel('Repeat the new password').fill('other');
  await submit.click();
  await expect(section.getByText('The password must be at least 8 characters.')).toBeVisible();
  await expect(section.getByText('The two passwords are not the same.')).toBeVisible();

  // A wrong current password: the server's answer, on that field.
  await section.getByLabel('Current password').fill('not-my-password');
  await section.getByLabel('New password', { exact: true }).fill('second-password');
  await section.getByLabel('Repeat the new password').fill('second-password');
  await submit.click();
  await expect(section.getByText('Your current password is not correct.')).toBeVisible();
  await expect(section.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousAxeIssues(page);

  await section.getByLabel('Current password').fill('first-password');
  await submit.click();
  await expect(section.getByRole('status')).toHaveText('Your password has been changed. Your other sign-ins have ended.');
  await expect(section.getByLabel('Current password')).toHaveValue('');

  // This browser keeps its sign-in (it got a new token); the other device is signed out on its next visit.
  await page.reload();
  await expect(page.getByTestId('membership-number')).toBeVisible();
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await device.close();

  const oldLogin = await request.post('/api/auth/login', { data: { email, password: 'first-password' } });
  expect(oldLogin.status()).toBe(401);
  await page.evaluate(() => localStorage.removeItem('persist:auth'));
  await login(page, { email, password: 'second-password' });
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});

test('an admin edits a coupon and switches it off, after which it is not valid; a used coupon keeps its code', async ({ page, request }) => {
  const headers = { authorization: `Bearer ${await adminToken(request)}` };
  const code = `EDIT${Date.now().toString(36).toUpperCase()}`;
  const created = await request.post('/api/coupons', {
    headers,
    data: { code, discountType: 'percentage', discountValue: 10, expirationDate: '2030-12-31', minimumPurchaseAmount: 0, usageLimit: 0, isActive: true },
  });
  expect(created.status()).toBe(201);
  const check = async () => (await (await request.get(`/api/coupons/${code}?amount=10000`)).json()).data as { valid: boolean; reason: string | null };
  expect((await check()).valid).toBe(true);

  await login(page, DEMO.admin);
  await page.goto('/admin/manage-discount');
  const card = page.getByTestId(`coupon-${code}`);
  await card.getByRole('button', { name: `Edit coupon ${code}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit coupon ${code}` });
  await expect(dialog.getByLabel('Coupon Code')).toHaveValue(code);
  await expect(dialog.getByLabel('Coupon Code')).toBeEnabled();
  await expect(dialog.getByLabel('Discount Value')).toHaveValue('10');
  await dialog.getByLabel('Discount Value').fill('25');
  await dialog.getByLabel('Minimum Purchase Amount').fill('2000');
  await expectNoSeriousAxeIssues(page);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`Coupon ${code} updated`)).toBeVisible();
  await expect(card.getByTestId('coupon-discount')).toContainText('25% off');
  await expect(card.getByTestId('coupon-minimum')).toHaveText('৳2,000');

  // Switched off on the card: the coupon check says it no longer applies.
  const toggle = card.getByRole('switch', { name: `Coupon ${code} active` });
  await expect(toggle).toBeChecked();
  await toggle.click();
  await expect(page.getByText(`Coupon ${code} is inactive: guests cannot use it.`)).toBeVisible();
  await expect(card.getByTestId('coupon-active')).toHaveText('Inactive');
  expect(await check()).toMatchObject({ valid: false, reason: 'This coupon is not active.' });
  await page.reload();
  await expect(page.getByTestId(`coupon-${code}`).getByRole('switch', { name: `Coupon ${code} active` })).not.toBeChecked();

  // A coupon a booking was made with: its code is locked in the form, and the server refuses a new one too.
  const used = `USED${Date.now().toString(36).toUpperCase()}`;
  const usedCoupon = await request.post('/api/coupons', {
    headers,
    data: { code: used, discountType: 'fixed', discountValue: 500, expirationDate: '2030-12-31', minimumPurchaseAmount: 0, usageLimit: 5, isActive: true },
  });
  const usedId = (await usedCoupon.json()).data._id as string;
  const guest = await request.post('/api/auth/register', { data: { email: uniqueEmail('coupon'), password: 'password-123', name: 'Coupon Guest' } });
  const guestToken = (await guest.json()).data.token as string;
  const today = todayAt((await (await request.get('/api/site')).json()).data.timeZone as string);
  const rooms = (await (await request.get('/api/room?limit=100')).json()).data as { _id: string; status: string }[];
  let booked = false;
  for (const room of rooms.filter((r) => r.status !== 'maintenance' && r.status !== 'unavailable')) {
    const start = addDays(today, 300 + Math.floor(Math.random() * 1500));
    const res = await request.post('/api/bookings', {
      headers: { authorization: `Bearer ${guestToken}` },
      data: { roomId: room._id, checkIn: start, checkOut: addDays(start, 1), adults: 1, children: 0, phone: '+880 1711-445566', couponCode: used },
    });
    if (res.status() === 201) {
      booked = true;
      break;
    }
  }
  expect(booked).toBe(true);

  await page.reload();
  const usedCard = page.getByTestId(`coupon-${used}`);
  await expect(usedCard.getByTestId('coupon-limit')).toContainText('used 1 time');
  await usedCard.getByRole('button', { name: `Edit coupon ${used}` }).click();
  const usedDialog = page.getByRole('dialog', { name: `Edit coupon ${used}` });
  await expect(usedDialog.getByLabel('Coupon Code')).toBeDisabled();
  await expect(usedDialog.getByTestId('coupon-code-locked')).toHaveText(
    'Bookings were made with this code, so it cannot change. Create a new coupon for a new code.',
  );
  await usedDialog.getByRole('button', { name: 'Cancel' }).click();
  const renamed = await request.patch(`/api/coupons/${usedId}`, { headers, data: { code: `${used}X` } });
  expect(renamed.status()).toBe(409);
});

for (const lng of ['en', 'bn'] as const) {
  test(`the changed screens pass axe in ${lng} at 375 px`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await login(page, DEMO.admin);
    await page.evaluate((l) => localStorage.setItem('lng', l), lng);
    for (const url of ['/admin/users', '/admin/manage-discount', '/profile']) {
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await expect(page.locator('h1, h2').first()).toBeVisible();
      if (url === '/admin/users') {
        // Other specs add accounts: find one's own row by searching for it.
        await page.getByTestId('users-search').fill(DEMO.admin.email);
        await expect(page.getByTestId(`self-${DEMO.admin.email}`)).toBeVisible();
      }
      if (url === '/profile') await expect(page.getByTestId('change-password')).toBeVisible();
      await expectNoSeriousAxeIssues(page);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(scroll, `${url} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}
