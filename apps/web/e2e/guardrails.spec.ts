import type { Browser } from '@playwright/test';
import { expect, login, seriousViolations, signIn, test, uniqueEmail } from './fixtures';
import { mailedLink } from './mailbox';

/**
 * Guardrails in the back office (issue 13), end to end: an admin invites a colleague, who sets a
 * password with the one-time link; a guest changes their password on /profile, which ends their
 * other sign-ins. Each test makes its own accounts.
 *
 * Checked elsewhere: the invite form's messages (invite-staff-modal.test.tsx); a role change
 * asked first, cancelling sends nothing, the admin's own row offers no change
 * (users-page.test.tsx, and the Users test of admin-phone.spec.ts, with axe on the question);
 * the password form's own checks (change-password-section.test.tsx); a coupon edited and
 * switched off (the Coupons test of admin-phone.spec.ts, with axe on the filled modal); a used
 * coupon keeps its code (coupon-form-modal.test.tsx, and coupons.test.ts in the API); axe on
 * each screen's first state, in both languages and at 375 px (every-route.spec.ts).
 */

/** A second browser, as another device would be: English, cookie question answered. */
async function otherDevice(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem('lng')) localStorage.setItem('lng', 'en');
    localStorage.setItem('cookieConsent', 'true');
  });
  return context;
}

test.describe('an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('invites a colleague, who sets a password with the link once and lands on the staff dashboard', async ({ page, browser, baseURL }) => {
    const email = uniqueEmail('invited');
    await page.goto('/admin/users');
    await page.getByRole('button', { name: 'Invite staff' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a colleague' });
    await expect(dialog).toBeVisible();

    // The contract's messages, beside their fields, and nothing is sent: a state every-route.spec does not reach.
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(dialog.getByText('Name is required.')).toBeVisible();
    await expect(dialog.getByText('E-mail is required.')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByLabel('Full name').fill('Nusrat Jahan');
    await dialog.getByLabel('E-mail').fill(email);
    await expect(dialog.getByTestId('invite-role')).toContainText('Staff');
    await dialog.getByRole('button', { name: 'Send the invitation' }).click();
    await expect(page.getByText(`Invitation sent. ${email} has been e-mailed a link`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await page.getByPlaceholder('Search User').fill(email);
    await expect(page.getByRole('row', { name: /Nusrat Jahan/ }).getByText('STAFF', { exact: true })).toBeVisible();

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
});

test('a guest changes their password on /profile: other sign-ins end, this one goes on, the new password logs in', async ({ page, browser, baseURL, api, request }) => {
  const guest = await api.newGuest('Shirin Akter', 'first-password');
  const first = { email: guest.email, password: 'first-password' };

  // Signed in on another device first (a sign-in of its own).
  const device = await otherDevice(browser, baseURL);
  const other = await device.newPage();
  await signIn(other, api, first);
  await other.goto('/profile');
  await expect(other.getByTestId('membership-number')).toBeVisible();

  await signIn(page, api, first);
  await page.goto('/profile');
  const section = page.getByTestId('change-password');
  await expect(section.getByRole('heading', { name: 'Change password' })).toBeVisible();
  const submit = section.getByRole('button', { name: 'Change password' });

  // A wrong current password: the server's answer, on that field (a state every-route.spec does not reach).
  await section.getByLabel('Current password').fill('not-my-password');
  await section.getByLabel('New password', { exact: true }).fill('second-password');
  await section.getByLabel('Repeat the new password').fill('second-password');
  await submit.click();
  await expect(section.getByText('Your current password is not correct.')).toBeVisible();
  await expect(section.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);

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

  const oldLogin = await request.post('/api/auth/login', { data: first });
  expect(oldLogin.status()).toBe(401);
  await page.evaluate(() => localStorage.removeItem('persist:auth'));
  await login(page, { email: guest.email, password: 'second-password' });
  await expect(page).toHaveURL(/\/user\/dashboard$/);
});
