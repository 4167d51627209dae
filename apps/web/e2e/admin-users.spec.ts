import { chooseOption, DEMO, expect, login, test, uniqueEmail } from './fixtures';

test('an admin changes a user role and the change holds after reload', async ({ page, request }) => {
  const email = uniqueEmail('promote');
  const created = await request.post('/api/auth/register', {
    data: { email, password: 'password-123', name: 'Karim Chowdhury' },
  });
  expect(created.status()).toBe(201);

  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'See all Users' })).toBeVisible();

  await page.getByPlaceholder('Search User').fill('Karim');
  const row = page.getByRole('row', { name: /Karim Chowdhury/ });
  await expect(row).toHaveCount(1);
  await chooseOption(page, page.getByTestId(`role-select-${email}`), 'Staff');
  // The change is asked first (issue 13): guardrails.spec.ts covers cancelling.
  await page.getByRole('dialog', { name: 'Change this role?' }).getByRole('button', { name: 'Make Staff' }).click();
  await expect(page.getByText('User role updated successfully')).toBeVisible();

  await page.reload();
  await page.getByPlaceholder('Search User').fill('Karim');
  await expect(page.getByRole('row', { name: /Karim Chowdhury/ }).getByText('STAFF', { exact: true })).toBeVisible();

  // The promoted person now lands on the staff dashboard.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('persist:auth'));
  await login(page, { email, password: 'password-123' });
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
});

test('an admin deletes a user, who can no longer log in', async ({ page, request }) => {
  const email = uniqueEmail('leaver');
  await request.post('/api/auth/register', { data: { email, password: 'password-123', name: 'Leaving Guest' } });
  await login(page, DEMO.admin);
  await page.goto('/admin/users');
  await page.getByPlaceholder('Search User').fill('Leaving Guest');
  await expect(page.getByRole('row', { name: /Leaving Guest/ })).toHaveCount(1);
  await page.getByTestId(`delete-${email}`).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
  await expect(page.getByText('User Deleted successfully')).toBeVisible();
  await expect(page.getByRole('row', { name: /Leaving Guest/ })).toHaveCount(0);

  const res = await request.post('/api/auth/login', { data: { email, password: 'password-123' } });
  expect(res.status()).toBe(401);
});

test('the admin search box opens a section with the keyboard', async ({ page }) => {
  await login(page, DEMO.admin);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
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

test('staff land on /staff/dashboard and the dashboard shows who they are', async ({ page }) => {
  await login(page, DEMO.staff);
  await expect(page).toHaveURL(/\/staff\/dashboard$/);
  await expect(page.getByText('Welcome, Tanvir Hasan')).toBeVisible();
  await page.getByTestId('dashboard-logout').click();
  await expect(page).toHaveURL(/\/login$/);
});

test('a stored sign-in the server no longer honours is ended at the next visit', async ({ page, request }) => {
  const adminToken = (await (await request.post('/api/auth/login', { data: DEMO.admin })).json()).data.token as string;
  const asAdmin = { authorization: `Bearer ${adminToken}` };

  // A guest whom an admin promotes to staff: the token in the browser still says "user".
  const promoted = uniqueEmail('promoted');
  const registered = await request.post('/api/auth/register', {
    data: { email: promoted, password: 'password-123', name: 'Promoted Guest' },
  });
  const promotedId = (await registered.json()).data.user._id as string;
  await login(page, { email: promoted, password: 'password-123' });
  await expect(page).toHaveURL(/\/user\/dashboard$/);
  const changed = await request.put(`/api/users/${promotedId}`, { headers: asAdmin, data: { role: 'staff' } });
  expect(changed.status()).toBe(200);
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  await login(page, { email: promoted, password: 'password-123' });
  await expect(page).toHaveURL(/\/staff\/dashboard$/);

  // A guest whose account is closed while signed in: the header offers Login again.
  await page.evaluate(() => localStorage.removeItem('persist:auth'));
  const closed = uniqueEmail('closed');
  const closedId = (
    await (await request.post('/api/auth/register', { data: { email: closed, password: 'password-123', name: 'Closed Guest' } })).json()
  ).data.user._id as string;
  await login(page, { email: closed, password: 'password-123' });
  await page.goto('/');
  await expect(page.getByTestId('header-login')).toBeHidden();
  expect((await request.delete(`/api/users/${closedId}`, { headers: asAdmin })).status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('header-login')).toBeVisible();
});
