import { DEMO, expect, login, test } from './fixtures';

for (const lng of ['en', 'bn'] as const) {
  for (const width of [375, 1280]) {
    test(`shots ${lng} ${width}`, async ({ page, request }) => {
      const token = (await (await request.post('/api/auth/login', { data: DEMO.admin })).json()).data.token;
      await request.post('/api/coupons', { headers: { authorization: `Bearer ${token}` }, data: { code: `SHOT${lng}${width}`, discountType: 'percentage', discountValue: 15, expirationDate: '2030-12-31', minimumPurchaseAmount: 1000, usageLimit: 10, isActive: true } });
      await page.setViewportSize({ width, height: 900 });
      await login(page, DEMO.admin);
      await page.evaluate((l) => localStorage.setItem('lng', l), lng);
      await page.goto('/admin/users');
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await page.getByTestId(`self-${DEMO.admin.email}`).waitFor();
      await page.screenshot({ path: `/tmp/guard-shots/users-${lng}-${width}.png`, fullPage: true });
      await page.getByTestId('invite-open').click();
      await page.locator('.ant-modal').waitFor();
      await page.locator('.ant-modal button.ant-btn-primary').click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/guard-shots/invite-${lng}-${width}.png` });
      await page.keyboard.press('Escape');
      await page.waitForTimeout(400);
      const select = page.locator('[data-testid^="role-select-"]').first();
      await select.click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(2).click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/guard-shots/confirm-${lng}-${width}.png` });
      await page.keyboard.press('Escape');
      await page.goto('/admin/manage-discount');
      await page.getByTestId(`coupon-SHOT${lng}${width}`).waitFor();
      await page.screenshot({ path: `/tmp/guard-shots/coupons-${lng}-${width}.png`, fullPage: width === 1280 });
      await page.getByTestId(`coupon-SHOT${lng}${width}`).locator('button').filter({ has: page.locator('.anticon-edit') }).click();
      await page.locator('.ant-modal').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/guard-shots/coupon-edit-${lng}-${width}.png` });
      await page.goto('/profile');
      await page.getByTestId('change-password').scrollIntoViewIfNeeded();
      await page.getByTestId('change-password').locator('button[type=submit]').click();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/guard-shots/profile-${lng}-${width}.png`, fullPage: true });
    });
  }
}
