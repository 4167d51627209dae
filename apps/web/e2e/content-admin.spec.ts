import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { chooseOption, DEMO, expect, login, seriousViolations, sidewaysOverflow, signIn, test, uniqueName, useLanguage } from './fixtures';

/**
 * The hotel's own content, as an admin keeps it (spec section 2): blog posts written in the
 * rich-text editor, the photo gallery and the home page's hero slides. Each flow once, in English
 * at 1280 px, with axe on the states every-route.spec cannot reach (forms with their messages,
 * modals); what a phone or Bengali changes is checked where it differs: the gallery on a touch
 * phone, the slide form in Bengali at 375 px; the blog screens in Bengali on a phone, and the
 * Add Image modal's Bengali message, by component tests (features/blogs/pages/blog-pages.test.tsx,
 * features/gallery/components/add-gallery-image-modal.test.tsx).
 */

/** A photo-like PNG made on the spot (noisy, so the optimiser and sharp have real work). */
function noisyPng(width = 640, height = 400) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/**
 * Saving a post, photo or slide optimises and uploads its pictures first (AVIF in the browser,
 * five sizes with sharp on the server): seconds on a busy machine.
 */
const UPLOAD_TIMEOUT = 45_000;

async function expectFits(page: Page, where: string) {
  const overflow = await sidewaysOverflow(page);
  expect(overflow, `${where} scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0);
}

async function expectAxeClean(page: Page, where: string) {
  expect(await seriousViolations(page), `axe on ${where}`).toEqual([]);
}

/** Counts the picture uploads the page sends from now on. */
function countUploads(page: Page) {
  const sent = { count: 0 };
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/uploads') sent.count += 1;
  });
  return sent;
}

/** The id of the blog row or card that shows `title`. */
async function blogIdOf(page: Page, title: string) {
  const row = page.locator('[data-testid^="blog-"]').filter({ hasText: title }).first();
  await expect(row).toBeVisible();
  return (await row.getAttribute('data-testid'))!.replace(/^blog-/, '');
}

test.describe('blogs', () => {
  test('an admin writes a post with a picture and a tag, finds it, a visitor reads it, the admin updates it in the modal and deletes it', async ({ page, request, browser, baseURL }) => {
    test.setTimeout(180_000);
    const id = uniqueName('river');
    const title = `River notes ${id}`;
    await login(page, DEMO.admin);

    // The list, from the sidebar.
    await page.getByRole('menuitem', { name: 'Blogs', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/blog-management$/);
    await expect(page.getByRole('heading', { name: 'Blogs', level: 2 })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Categories' })).toBeVisible();

    // Add Blog: the spec's messages for an empty post, and nothing sent.
    await page.getByRole('button', { name: 'Add Blog' }).click();
    await expect(page).toHaveURL(/\/admin\/add-blog$/);
    await expect(page.getByTestId('section-title')).toHaveText('Add Blog');
    const editor = page.getByRole('textbox', { name: 'Description' });
    await expect(editor).toBeVisible();
    const uploads = countUploads(page);
    await page.getByRole('button', { name: 'Publish post' }).click();
    for (const text of ['Please input the title!', 'Please provide post description', 'Please add at least one image.', 'Please add at least one tag.']) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    expect(uploads.count).toBe(0);
    await expectAxeClean(page, 'Add Blog with its messages');

    // The post: a title, a tag (typed loosely), two pictures of which one is removed again, and
    // text typed in the editor with its toolbar.
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Tags').fill(` Riverside ,, ${id} `);
    await expect(page.getByTestId('add-blog-tags-preview')).toHaveText(`Riverside${id}`);
    const [first, second] = await Promise.all([noisyPng(), noisyPng(480, 320)]);
    await page.getByTestId('add-blog-images').setInputFiles([
      { name: 'terrace.png', mimeType: 'image/png', buffer: first! },
      { name: 'spare.png', mimeType: 'image/png', buffer: second! },
    ]);
    await expect(page.getByTestId('remove-pending-image')).toHaveCount(2);
    await page.getByTestId('remove-pending-image').last().click();
    await expect(page.getByTestId('remove-pending-image')).toHaveCount(1);
    await editor.click();
    await page.keyboard.type('Evenings on the terrace. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await expect(page.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type('Tea at six.');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Live music on Fridays');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Programme: ');
    // Link: a script address is refused, a page of the site is taken (the address becomes the text).
    await page.getByRole('button', { name: 'Link' }).click();
    const address = page.getByRole('textbox', { name: 'Link address' });
    await address.fill('javascript:alert(1)');
    await address.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a web address (https://…)' })).toBeVisible();
    await address.fill('/events');
    await address.press('Enter');
    await expect(address).toBeHidden();
    await expect(editor.getByRole('link', { name: '/events' })).toBeVisible();
    // The toolbar is one tab stop; arrow keys move along it.
    await page.getByRole('button', { name: 'Bold' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('button', { name: 'Italic' })).toBeFocused();
    // End: the last button that can be used (Redo has nothing to redo yet).
    await page.keyboard.press('End');
    await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
    await page.getByRole('button', { name: 'Publish post' }).click();
    await expect(page.getByText(`“${title}” is published.`)).toBeVisible({ timeout: UPLOAD_TIMEOUT });
    await expect(page).toHaveURL(/\/admin\/blog-management$/);
    expect(uploads.count).toBe(1);

    // In the list, found by its tag (the server's search), with its tags and picture count.
    await page.getByRole('textbox', { name: 'Search by title or tag' }).fill(id);
    const row = page.locator('.ant-table-row').filter({ hasText: title });
    await expect(row).toHaveCount(1);
    await expect(page.locator('.ant-table-row')).toHaveCount(1);
    await expect(row.getByTestId('blog-tags')).toHaveText(`Riverside${id}`);
    await expect(row.getByTestId('blog-images')).toHaveText('1 image');
    await expect(row.getByTestId('blog-locale')).toHaveText('English');
    const blogId = await blogIdOf(page, title);

    // And from the API, as the public pages read it.
    const stored = (await (await request.get(`/api/blogs/${blogId}`)).json()).data as {
      title: string;
      description: string;
      category: string[];
      images: string[];
      locale: string;
    };
    expect(stored).toMatchObject({ title, category: ['Riverside', id], locale: 'en' });
    expect(stored.description).toContain('<strong>Tea at six.</strong>');
    expect(stored.description).toMatch(/<ul>\s*<li>\s*<p>Live music on Fridays<\/p>\s*<\/li>\s*<\/ul>/);
    expect(stored.description).toMatch(/<a href="\/events"[^>]*>\/events<\/a>/);
    expect(stored.description).not.toContain('javascript:');
    expect(stored.images).toHaveLength(1);
    expect((await request.get(stored.images[0]!)).ok()).toBe(true);

    // A visitor, in a browser of their own and not signed in, reads it at /blog/{id}.
    const visitorContext = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
    try {
      await visitorContext.addInitScript(() => {
        localStorage.setItem('lng', 'en');
        localStorage.setItem('cookieConsent', 'true');
      });
      const visitor = await visitorContext.newPage();
      await visitor.goto(`/blog/${blogId}`);
      await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(visitor.locator('strong', { hasText: 'Tea at six.' })).toBeVisible();
      await expect(visitor.getByRole('listitem').filter({ hasText: 'Live music on Fridays' })).toBeVisible();
      await expect(visitor.getByTestId('blog-post-tags')).toContainText(id);
      await expect.poll(() => visitor.getByTestId('blog-post-image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(visitor).toHaveTitle(new RegExp(title));
    } finally {
      await visitorContext.close();
    }

    // Update, in the modal 1000 wide: a new title, one more tag, the post now in Bengali.
    await row.getByRole('button', { name: `Update “${title}”` }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Blog' });
    await expect(dialog).toBeVisible();
    // The spec's width, once the opening animation has ended.
    await expect.poll(async () => (await dialog.boundingBox())?.width).toBe(1000);
    await expect(dialog.getByLabel('Title')).toHaveValue(title);
    await expect(dialog.getByRole('textbox', { name: 'Description' })).toContainText('Tea at six.');
    await expectAxeClean(page, 'Update Blog modal');
    await dialog.getByLabel('Title').fill(`${title} (updated)`);
    await dialog.getByLabel('Tags').fill(`Riverside, ${id}, Music`);
    await dialog.getByText('Bengali', { exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Description' }).click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Closed on Eid.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Blog updated', { exact: true })).toBeVisible({ timeout: UPLOAD_TIMEOUT });
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(`${title} (updated)`);
    await expect(row.getByTestId('blog-tags')).toHaveText(`Riverside${id}Music`);
    await expect(row.getByTestId('blog-locale')).toHaveText('Bengali');
    const updated = (await (await request.get(`/api/blogs/${blogId}`)).json()).data as { title: string; description: string; locale: string; category: string[] };
    expect(updated).toMatchObject({ title: `${title} (updated)`, locale: 'bn', category: ['Riverside', id, 'Music'] });
    expect(updated.description).toContain('Closed on Eid.');

    // Delete, after 'Delete blog?'.
    await row.getByRole('button', { name: `Delete “${title} (updated)”` }).click();
    await expect(page.getByText('Delete blog?')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('No blogs found.')).toBeVisible();
    expect((await request.get(`/api/blogs/${blogId}`)).status()).toBe(404);
  });
});

test.describe('gallery', () => {
  test('an admin adds a photo (after the 10 MB refusal) and sees its title on hover; on a touch phone in Bengali titles show without hover and the Add Image modal fits; the photo is deleted with the keyboard', async ({
    page,
    request,
    browser,
    baseURL,
    api,
  }) => {
    test.setTimeout(120_000);
    const title = `Rooftop pool ${uniqueName('photo')}`;
    await login(page, DEMO.admin);
    await page.getByRole('menuitem', { name: 'Gallery', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/manage-gallery$/);
    await expect(page.getByRole('heading', { name: 'Gallery', level: 2 })).toBeVisible();

    await page.getByTestId('gallery-add').click();
    const dialog = page.getByRole('dialog', { name: 'Add Image' });
    await expect(dialog).toBeVisible();
    const uploads = countUploads(page);
    await dialog.getByRole('button', { name: 'Add Image' }).click();
    await expect(dialog.getByText('Please input the title!')).toBeVisible();
    await expect(dialog.getByText('Please select a category!')).toBeVisible();
    await expectAxeClean(page, 'Add Image modal with its messages');

    // 11 MB: refused at once, nothing sent.
    await dialog.getByTestId('gallery-file').setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(11 * 1024 * 1024, 1) });
    await expect(dialog.getByText('File size too large. Maximum is 10MB.')).toBeVisible();
    expect(uploads.count).toBe(0);

    await dialog.getByLabel('Title').fill(title);
    await chooseOption(page, dialog.getByRole('combobox', { name: 'Category' }), 'Nearby');
    await dialog.getByTestId('gallery-file').setInputFiles({ name: 'pool.png', mimeType: 'image/png', buffer: await noisyPng() });
    await expect(dialog.getByText('File size too large. Maximum is 10MB.')).toBeHidden();
    await dialog.getByRole('button', { name: 'Add Image' }).click();
    await expect(page.getByText(`“${title}” added to the gallery`)).toBeVisible({ timeout: UPLOAD_TIMEOUT });
    await expect(dialog).toBeHidden();
    expect(uploads.count).toBe(1);

    const items = (await (await request.get('/api/gallery')).json()).data as { _id: string; title: string; category: string; url: string }[];
    const item = items.find((i) => i.title === title)!;
    expect(item).toMatchObject({ category: 'others' });
    const tile = page.getByTestId(`gallery-item-${item._id}`);
    await expect(tile.getByRole('img', { name: title })).toBeVisible();
    // The title shows on hover (and on keyboard focus), not before.
    const caption = tile.locator('figcaption');
    await page.mouse.move(0, 0);
    await expect(caption).toHaveCSS('opacity', '0');
    await tile.hover();
    await expect(caption).toHaveCSS('opacity', '1');
    await expect(caption).toContainText(title);
    await expect(caption).toContainText('Nearby');
    // Filtered by its category.
    await page.getByTestId('gallery-filter').getByText(/^Nearby/).click();
    await expect(tile).toBeVisible();
    await page.getByTestId('gallery-filter').getByText(/^Dining/).click();
    await expect(tile).toBeHidden();
    await page.getByTestId('gallery-filter').getByText(/^All/).click();

    // The same gallery on a touch phone, in Bengali.
    const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    try {
      const touch = await phone.newPage();
      await touch.addInitScript(() => {
        localStorage.setItem('lng', 'bn');
        localStorage.setItem('cookieConsent', 'true');
      });
      await signIn(touch, api, 'admin');
      await touch.goto('/admin/manage-gallery');
      await expect(touch.getByRole('heading', { name: 'গ্যালারি', level: 2 })).toBeVisible();
      const touchTile = touch.getByTestId(`gallery-item-${item._id}`);
      // A touch screen cannot hover: the title and Delete are there all the time.
      await expect(touchTile.locator('figcaption')).toHaveCSS('opacity', '1');
      await expect(touchTile.getByTestId('gallery-item-title')).toHaveText(title);
      expect(await sidewaysOverflow(touch), 'gallery with a photo (375 px)').toBeLessThanOrEqual(0);
      // Delete, with a tap, asks first (kept here: the desktop deletes it below).
      await touchTile.getByRole('button', { name: /মুছুন/ }).tap();
      await expect(touch.getByText('ছবিটি মুছবেন?')).toBeVisible();
      await touch.getByRole('button', { name: 'বাতিল', exact: true }).tap();
      await expect(touch.getByText('ছবিটি মুছবেন?')).toBeHidden();

      // The Add Image modal, filled, fits and passes axe.
      await touch.getByTestId('gallery-add').click();
      const phoneDialog = touch.getByRole('dialog', { name: 'ছবি যোগ করুন' });
      await phoneDialog.getByLabel('শিরোনাম').fill(`ছাদের সুইমিং পুল ${uniqueName('photo')}`);
      // The category with the keyboard: in the full CI run (never alone) the emulated phone drew
      // this drop-down at the top of the screen instead of under its field, and a tap on it
      // chose nothing. Down opens the list on its first category (Room); two more reach Dining.
      const category = phoneDialog.getByRole('combobox', { name: 'বিভাগ' });
      await category.focus();
      await touch.keyboard.press('ArrowDown');
      await expect(category).toHaveAttribute('aria-expanded', 'true');
      await touch.keyboard.press('ArrowDown');
      await touch.keyboard.press('ArrowDown');
      await touch.keyboard.press('Enter');
      await expect(phoneDialog.getByTestId('gallery-category')).toContainText('খাবার');
      await phoneDialog.getByTestId('gallery-file').setInputFiles({ name: 'pool.png', mimeType: 'image/png', buffer: await noisyPng() });
      expect(await sidewaysOverflow(touch), 'Add Image modal (375 px)').toBeLessThanOrEqual(0);
      expect(await seriousViolations(touch), 'axe on the Add Image modal (375 px, bn)').toEqual([]);
    } finally {
      await phone.close();
    }

    // Delete with the keyboard: the caption shows while its button has the focus.
    await page.mouse.move(0, 0);
    const remove = tile.getByRole('button', { name: `Delete image “${title}”` });
    await remove.focus();
    await expect(caption).toHaveCSS('opacity', '1');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Delete image?')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`“${title}” deleted`)).toBeVisible();
    await expect(tile).toHaveCount(0);
    const after = (await (await request.get('/api/gallery')).json()).data as { _id: string }[];
    expect(after.some((i) => i._id === item._id)).toBe(false);
  });
});

test.describe('hero slides', () => {
  test("an admin adds a Bengali slide in the list's modal, it is listed with its order, switched off there it shows Inactive, then it is deleted; in Bengali at 375 px the modal, the slide form page it links to and Add Blog with their messages fit and pass axe, and a slide that is not there says so", async ({
    page,
    request,
    api,
  }) => {
    test.setTimeout(180_000);
    const title = `নদীর ধারে ঘুম ভাঙুক ${uniqueName('slide')}`;
    await login(page, DEMO.admin);
    await page.getByRole('menuitem', { name: 'Hero Slides', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/hero-slides$/);
    await expect(page.getByRole('heading', { name: 'Hero Slides', level: 2 })).toBeVisible();

    // Add Slide opens the list's modal: the form page's fields and rules, in place.
    await page.getByTestId('hero-slide-add').click();
    const modal = page.getByRole('dialog', { name: 'New hero slide' });
    await modal.getByRole('button', { name: 'Create slide' }).click();
    await expect(modal.getByText('Title is required.')).toBeVisible();
    await expect(modal.getByText('Image is required.')).toBeVisible();
    await expectAxeClean(page, 'hero slide modal with its messages');

    await modal.getByLabel('Title', { exact: true }).fill(title);
    await modal.getByLabel('Subtitle').fill('নদীর ধারের কক্ষ, প্রতি রাত ৳৫,৫০০ থেকে');
    await modal.getByTestId('hero-slide-modal-image').setInputFiles({ name: 'river.png', mimeType: 'image/png', buffer: await noisyPng(960, 480) });
    await modal.getByLabel('Main button label').fill('এখনই বুক করুন');
    await modal.getByLabel('Second button label').fill('কক্ষগুলো দেখুন');
    await modal.getByLabel('Second button link').fill('/accommodation');
    await modal.getByLabel('Order').fill('3');
    await modal.getByText('Bengali', { exact: true }).click();
    await expect(modal.getByTestId('hero-slide-preview')).toContainText('এখনই বুক করুন');
    await modal.getByRole('button', { name: 'Create slide' }).click();
    await expect(page.getByText(`Slide “${title}” saved`)).toBeVisible({ timeout: UPLOAD_TIMEOUT });
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/hero-slides$/);

    const all = (await (await request.get('/api/hero-slides?includeInactive=1', { headers: await api.headers('admin') })).json()).data as {
      _id: string;
      title: string;
      locale: string;
      order: number;
      active: boolean;
      ctaPrimary: unknown;
      ctaSecondary: unknown;
    }[];
    const slide = all.find((s) => s.title === title)!;
    expect(slide).toMatchObject({
      locale: 'bn',
      order: 3,
      active: true,
      ctaPrimary: { label: 'এখনই বুক করুন', href: '#' },
      ctaSecondary: { label: 'কক্ষগুলো দেখুন', href: '/accommodation' },
    });
    const card = page.getByTestId('hero-slides-bn').getByTestId(`hero-slide-${slide._id}`);
    await expect(card.getByTestId('hero-slide-title')).toHaveText(title);
    await expect(card.getByTestId('hero-slide-order')).toHaveText('Order 3');
    await expect(card.getByTestId('hero-slide-inactive')).toHaveCount(0);
    // Public: among the active Bengali slides.
    const publicBn = (await (await request.get('/api/hero-slides?locale=bn')).json()).data as { _id: string }[];
    expect(publicBn.some((s) => s._id === slide._id)).toBe(true);

    // Switched off: the Inactive badge, and gone from the public list.
    await card.getByRole('button', { name: `Edit slide “${title}”` }).click();
    const editing = page.getByRole('dialog', { name: 'Edit hero slide' });
    await expect(editing.getByLabel('Title', { exact: true })).toHaveValue(title);
    await editing.getByRole('switch', { name: 'Active' }).click();
    await editing.getByRole('button', { name: 'Save changes' }).click();
    await expect(editing).toBeHidden();
    await expect(card.getByTestId('hero-slide-inactive')).toHaveText('Inactive');
    const publicAfter = (await (await request.get('/api/hero-slides?locale=bn')).json()).data as { _id: string }[];
    expect(publicAfter.some((s) => s._id === slide._id)).toBe(false);

    await card.getByRole('button', { name: `Delete slide “${title}”` }).click();
    await expect(page.getByText('Delete slide?')).toBeVisible();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(card).toHaveCount(0);

    // In Bengali on a phone: the modal, sent empty, says why in Bengali, fits, and passes axe;
    // then the form page it links to, the same.
    await page.setViewportSize({ width: 375, height: 812 });
    await useLanguage(page, 'bn');
    await expect(page.getByRole('heading', { name: 'হিরো স্লাইড', level: 2 })).toBeVisible();
    await page.getByTestId('hero-slide-add').click();
    const phoneModal = page.getByRole('dialog', { name: 'নতুন হিরো স্লাইড' });
    await phoneModal.getByRole('button', { name: 'স্লাইড তৈরি করুন' }).click();
    await expect(phoneModal.getByText('শিরোনাম আবশ্যক।')).toBeVisible();
    await expectFits(page, 'hero slide modal (375 px)');
    await expectAxeClean(page, 'hero slide modal (375 px, bn)');
    await phoneModal.getByRole('link', { name: 'আলাদা পৃষ্ঠায় খুলুন' }).click();
    await expect(page).toHaveURL(/\/admin\/hero-slides\/new$/);
    await expect(page.getByRole('heading', { name: 'নতুন হিরো স্লাইড', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'স্লাইড তৈরি করুন' }).click();
    await expect(page.getByText('শিরোনাম আবশ্যক।')).toBeVisible();
    await expectFits(page, 'hero slide form (375 px)');
    await expectAxeClean(page, 'hero slide form (375 px, bn)');
    // A slide that is not there says so, in the dashboard.
    await page.goto('/admin/hero-slides/00000000-0000-4000-8000-000000000000/edit');
    await expect(page.getByTestId('hero-slide-not-found')).toContainText('এই স্লাইডটি নেই বা মুছে ফেলা হয়েছে।');
    // Add Blog too, sent empty: its Bengali messages fit and pass axe (the words: blog-pages.test.tsx).
    await page.goto('/admin/add-blog');
    await expect(page.getByRole('textbox', { name: 'বিবরণ' })).toBeVisible();
    await page.getByRole('button', { name: 'লেখাটি প্রকাশ করুন' }).click();
    await expect(page.getByText('অনুগ্রহ করে শিরোনাম লিখুন!')).toBeVisible();
    await expectFits(page, 'Add Blog (375 px)');
    await expectAxeClean(page, 'Add Blog with its messages (375 px, bn)');
  });
});
