import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { authStorageValue, expect, savedSignIn, test as setup, type Role } from './fixtures';

/**
 * Signs each demo role in once, through the API, and saves the browser's storage: tests that
 * start signed in (`test.use({ signedInAs: 'admin' })`) begin from it instead of typing into
 * the login form. The saved state is checked on the role's own dashboard before it is kept.
 */
for (const role of ['admin', 'staff', 'user'] as const satisfies Role[]) {
  setup(`sign in as the demo ${role}`, async ({ page, api }) => {
    const { user, token } = await api.account(role);
    // Any page of the site's origin lets the storage be written; this one loads no app.
    await page.goto('/robots.txt');
    await page.evaluate((value) => localStorage.setItem('persist:auth', value), authStorageValue(user, token));
    await page.goto(`/${role}/dashboard`);
    await expect(page.getByTestId('section-title')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${role}/dashboard$`));
    mkdirSync(path.dirname(savedSignIn(role)), { recursive: true });
    await page.context().storageState({ path: savedSignIn(role) });
  });
}
