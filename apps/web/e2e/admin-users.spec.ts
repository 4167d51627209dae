import { chooseOption, expect, signIn, test } from './fixtures';

test.describe('as the admin', () => {
  test.use({ signedInAs: 'admin' });

  test('an admin changes a user role and the change holds after reload; the promoted person lands on the staff dashboard', async ({ page, api, browser, baseURL }) => {
    const karim = await api.newGuest('Karim Chowdhury');
    await page.goto('/admin/users');
    await expect(page.getByRole('heading', { name: 'See all Users' })).toBeVisible();

    await page.getByPlaceholder('Search User').fill(karim.email);
    const row = page.getByRole('row', { name: /Karim Chowdhury/ });
    await expect(row).toHaveCount(1);
    await chooseOption(page, page.getByTestId(`role-select-${karim.email}`), 'Staff');
    // The change is asked first (issue 13): guardrails.spec.ts covers cancelling.
    await page.getByRole('dialog', { name: 'Change this role?' }).getByRole('button', { name: 'Make Staff' }).click();
    await expect(page.getByText('User role updated successfully')).toBeVisible();

    await page.reload();
    await page.getByPlaceholder('Search User').fill(karim.email);
    await expect(page.getByRole('row', { name: /Karim Chowdhury/ }).getByText('STAFF', { exact: true })).toBeVisible();

    // Karim, signed in afresh in a browser of his own, is staff now.
    const other = await browser.newContext({ baseURL });
    const his = await other.newPage();
    await signIn(his, api, { email: karim.email, password: karim.password });
    await his.goto('/staff/reservation');
    await expect(his.getByTestId('section-title')).toHaveText('Reservations');
    await expect(his).toHaveURL(/\/staff\/reservation$/);
    await other.close();
  });

  test('an admin deletes a user, who can no longer log in', async ({ page, api, request }) => {
    const leaver = await api.newGuest('Leaving Guest');
    await page.goto('/admin/users');
    await page.getByPlaceholder('Search User').fill(leaver.email);
    await expect(page.getByRole('row', { name: /Leaving Guest/ })).toHaveCount(1);
    await page.getByTestId(`delete-${leaver.email}`).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect(page.getByText('User Deleted successfully')).toBeVisible();
    await expect(page.getByRole('row', { name: /Leaving Guest/ })).toHaveCount(0);

    const res = await request.post('/api/auth/login', { data: { email: leaver.email, password: leaver.password } });
    expect(res.status()).toBe(401);
  });

  test('the admin search box opens a section with the keyboard', async ({ page }) => {
    await page.goto('/admin/dashboard');
    const search = page.getByRole('combobox', { name: 'Search admin sections' });
    // "users" also finds Service Requests (its path is user-request): the first, Users, is active.
    await search.fill('users');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByTestId('section-title')).toHaveText('Users');
    await search.fill('dash');
    await search.press('Escape');
    await expect(search).toHaveValue('');
  });
});

test.describe('as staff', () => {
  test.use({ signedInAs: 'staff' });

  test('the staff dashboard shows who they are, and they log out from it', async ({ page }) => {
    await page.goto('/staff/dashboard');
    await expect(page.getByText('Welcome, Tanvir Hasan')).toBeVisible();
    await page.getByTestId('dashboard-logout').click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test('a stored sign-in the server no longer honours is ended at the next visit', async ({ page, api, request }) => {
  const asAdmin = await api.headers('admin');

  // A guest whom an admin promotes to staff: the token in the browser still says "user".
  const promoted = await api.newGuest('Promoted Guest');
  await signIn(page, api, promoted);
  await page.goto('/user/dashboard');
  await expect(page.getByTestId('section-title')).toBeVisible();
  const changed = await request.put(`/api/users/${promoted.user._id}`, { headers: asAdmin, data: { role: 'staff' } });
  expect(changed.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);

  // A guest whose account is closed while signed in: the header offers Login again.
  const closed = await api.newGuest('Closed Guest');
  await signIn(page, api, closed);
  await page.goto('/');
  await expect(page.getByTestId('header-login')).toBeHidden();
  expect((await request.delete(`/api/users/${closed.user._id}`, { headers: asAdmin })).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('header-login')).toBeVisible();
});
