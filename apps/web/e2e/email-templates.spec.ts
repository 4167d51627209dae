import { randomBytes } from 'node:crypto';
import type { APIRequestContext, BrowserContext, FrameLocator, Page } from '@playwright/test';
import sharp from 'sharp';
import { addDays, todayAt } from '@residency/shared/dates';
import { Api, DEMO, expect, freeRooms, login, seriousViolations, sidewaysOverflow, signIn, test, testDayOffset, uniqueName, useLanguage } from './fixtures';
import { waitForMail } from './mailbox';

/**
 * The booking e-mail designer (issue 11), as an admin uses it: a block dragged into the mail,
 * a variable put at the cursor, a picture uploaded, saved and found again after a reload; a test
 * mail that carries the design; a variable the type does not have refused. All of it served by
 * this app: not one request may leave 127.0.0.1, the designer's canvas included.
 */

const TYPE = 'BOOKING_STATUS_UPDATE';

/** Every host the browser asks anything of, from any page or frame of the context (the canvas iframe too). */
function watchHosts(context: BrowserContext): Set<string> {
  const hosts = new Set<string>();
  const note = (url: string) => {
    const { protocol, host } = new URL(url);
    // data: and blob: URLs are made in the page; about: is the canvas frame's blank start.
    if (protocol !== 'data:' && protocol !== 'blob:' && protocol !== 'about:') hosts.add(`${protocol}//${host}`);
  };
  context.on('request', (request) => note(request.url()));
  context.on('page', (page) => page.on('websocket', (socket) => note(socket.url())));
  return hosts;
}

/** The saved designs of this spec are deleted again: other specs read the built-in booking mails. */
async function forgetDesigns(request: APIRequestContext, type: string) {
  const headers = await new Api(request).headers('admin');
  for (const language of ['en', 'bn']) {
    await request.delete(`/api/email-templates/${type}?language=${language}`, { headers });
  }
}

const canvasOf = (page: Page) => page.frameLocator('iframe.gjs-frame');

/** The designer is ready: its canvas is drawn and the buttons that need it are enabled. */
async function designerReady(page: Page) {
  await expect(page.getByTestId('mail-designer')).toHaveAttribute('data-ready', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('designer-loading')).toHaveCount(0);
}

/** The design as a person sees it: each element's tag and kind, and the text of those without children. */
function designOf(canvas: FrameLocator) {
  return canvas.locator('body').evaluate((body) =>
    [...body.querySelectorAll('[data-gjs-type]')].map((el) => {
      // Typed spaces may be stored as no-break spaces: the same text to a reader.
      const leaf = el.children.length === 0 ? ` "${el.textContent?.replace(/\s+/g, ' ').trim()}"` : '';
      const src = el instanceof HTMLImageElement ? ` src=${el.getAttribute('src')}` : '';
      return `${el.tagName.toLowerCase()}:${el.getAttribute('data-gjs-type')}${leaf}${src}`;
    }),
  );
}

/** A real drag with the mouse: from a block of the panel to the bottom of the canvas. */
async function dragBlock(page: Page, block: string) {
  const source = page.locator(`[data-block="${block}"]`);
  // The panel and the canvas side by side, both on screen.
  await page.getByTestId('designer-canvas').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const from = (await source.boundingBox())!;
  const canvas = (await page.getByTestId('designer-canvas').boundingBox())!;
  const to = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height - 30 };
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) {
    await page.mouse.move(from.x + ((to.x - from.x) * step) / 12, from.y + from.height / 2 + ((to.y - from.y - from.height / 2) * step) / 12);
  }
  // Dropped only once the designer shows where the block goes: on a busy machine the moves can
  // outrun its drag-over handling, and a drop before it has placed the block adds nothing.
  let nudge = 0;
  await expect(async () => {
    nudge += 1;
    await page.mouse.move(to.x, to.y - (nudge % 2));
    await expect(page.locator('.gjs-placeholder').first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.mouse.up();
}

test.describe('the e-mail designer', () => {
  test.afterEach(async ({ request }) => {
    await forgetDesigns(request, TYPE);
    await forgetDesigns(request, 'BOOKING_CANCELLATION');
  });

  test('an admin drags a block, inserts a variable, adds a picture, saves, and after a reload finds the design as saved; a test mail carries it; nothing comes from another host', async ({
    page,
    context,
  }) => {
    test.setTimeout(150_000);
    const hosts = watchHosts(context);
    const marker = uniqueName('Marker');
    await login(page, DEMO.admin);

    // The list: a row per type; nothing designed yet for this one.
    await page.getByRole('menuitem', { name: 'Email Templates' }).click();
    await expect(page).toHaveURL(/\/admin\/email-templates$/);
    const row = page.getByTestId(`template-${TYPE}-en`);
    await expect(row.getByTestId('template-status')).toHaveText('Built-in');
    expect(await seriousViolations(page)).toEqual([]);
    await row.getByRole('button', { name: /^Create the English design of Booking status update$/ }).click();
    await expect(page).toHaveURL(`/admin/email-templates/new?type=${TYPE}&language=en`);
    await designerReady(page);
    const canvas = canvasOf(page);
    // It starts from the built-in mail of that language.
    await expect(canvas.getByText('Your booking has been updated')).toBeVisible();

    // A text block, dragged with the mouse into the mail.
    await dragBlock(page, 'text');
    const text = canvas.getByText('Write your text here');
    await expect(text).toBeVisible();

    // Typed into, then a variable where the cursor is.
    await text.click();
    await page.keyboard.press('End');
    await page.keyboard.type(` ${marker} for `);
    await page.locator('[data-variable="name"]').click();
    await expect(canvas.getByText(`Write your text here ${marker} for {{name}}`)).toBeVisible();

    // A variable into the subject, at its cursor.
    const subject = page.getByTestId('template-subject');
    await subject.fill('Your stay {{transactionId}}:  update');
    await subject.click();
    await page.keyboard.press('End');
    for (let i = 0; i < ' update'.length; i++) await page.keyboard.press('ArrowLeft');
    await page.locator('[data-variable="room"]').click();
    await expect(subject).toHaveValue('Your stay {{transactionId}}: {{room}} update');

    // A picture, through the site's upload pipeline.
    await page.locator('[data-block="image"]').click();
    await expect(page.getByRole('dialog', { name: 'Choose an image' })).toBeVisible();
    const png = await sharp(randomBytes(320 * 200 * 3), { raw: { width: 320, height: 200, channels: 3 } }).png().toBuffer();
    await page.getByTestId('designer-image-input').setInputFiles({ name: 'lobby.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByRole('dialog', { name: 'Choose an image' })).toBeHidden();
    const picture = canvas.locator('img[src*="/uploads/"]');
    await expect(picture).toHaveAttribute('src', /^http:\/\/127\.0\.0\.1:\d+\/uploads\/.+\.webp$/);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    // The canvas iframe is left out: its content is the mail being designed, not the app.
    expect(await seriousViolations(page, ['iframe.gjs-frame'])).toEqual([]);

    // The preview: the mail filled with the sample booking, at a phone's width, then a desktop's.
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByRole('dialog', { name: 'Preview with sample values' });
    await expect(preview.getByTestId('preview-subject')).toHaveText(/^Your stay RSV-[A-Z0-9]+: .+ update$/);
    const frame = preview.getByTestId('preview-frame');
    await expect(frame).toHaveAttribute('data-width', '375');
    // Measured once the modal's opening animation (a scale) has ended.
    await expect.poll(async () => Math.round((await frame.boundingBox())!.width)).toBe(375);
    const filled = preview.frameLocator('[data-testid="preview-frame"]');
    // (Typed spaces may be stored as no-break spaces.)
    await expect(filled.getByText(new RegExp(`${marker}\\s+for\\s+Ayesha Rahman`))).toBeVisible();
    await expect(filled.locator('body')).not.toContainText('{{');
    // Nothing of the mail is cut off on the phone: it fits the frame's width.
    expect(await filled.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(375);
    await preview.getByText('Desktop (640 px)').click();
    await expect(frame).toHaveAttribute('data-width', '640');
    await expect.poll(async () => Math.round((await frame.boundingBox())!.width)).toBe(640);
    await preview.getByRole('button', { name: 'Close' }).last().click();
    await expect(preview).toBeHidden();

    // Saved: the page becomes the type's edit page.
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/email-templates') && r.request().method() === 'POST');
    await page.getByTestId('template-save').click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Template saved.')).toBeVisible();
    await expect(page).toHaveURL(`/admin/email-templates/${TYPE}/edit?language=en`);
    await designerReady(page);
    const asSaved = await designOf(canvas);
    expect(asSaved.some((line) => line.includes(`${marker} for {{name}}`))).toBe(true);

    // Reloaded: the same elements, texts and picture, and the same subject.
    await page.reload();
    await designerReady(page);
    await expect.poll(() => designOf(canvas)).toEqual(asSaved);
    await expect(page.getByTestId('template-subject')).toHaveValue('Your stay {{transactionId}}: {{room}} update');
    await expect(page.getByTestId('template-state')).toContainText('Saved design, last changed');

    // One design per language: the Bengali one is still the built-in mail.
    await page.getByTestId('template-language').getByText('Bengali').click();
    await expect(page).toHaveURL(`/admin/email-templates/${TYPE}/edit?language=bn`);
    await designerReady(page);
    await expect(canvasOf(page).getByText('আপনার বুকিংয়ের খবর')).toBeVisible();
    await expect(canvasOf(page).getByText(marker)).toHaveCount(0);

    // The list says so; Send Test from there. (Opening a design is not a change: leaving asks nothing.)
    await page.getByRole('button', { name: 'Back to templates' }).click();
    await expect(page).toHaveURL('/admin/email-templates');
    await expect(page.getByTestId(`template-${TYPE}-en`).getByTestId('template-status')).toHaveText('Active');
    await expect(page.getByTestId(`template-${TYPE}-en`).getByTestId('template-subject')).toHaveText('Your stay {{transactionId}}: {{room}} update');
    await expect(page.getByTestId(`template-${TYPE}-bn`).getByTestId('template-status')).toHaveText('Built-in');
    await page.getByRole('button', { name: 'Send Test: Booking status update' }).click();
    await expect(page).toHaveURL(`/admin/email-templates/test?type=${TYPE}`);
    await page.getByTestId('test-language').getByText('English').click();
    await page.getByTestId('test-variables').fill('{"name": "Rafi Ahmed"}');
    const started = Date.now();
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/email-templates/test'));
    await page.getByTestId('test-send').click();
    const response = await answer;
    expect(response.status()).toBe(202);
    expect(await response.json()).toMatchObject({ success: true, data: { to: DEMO.admin.email, source: 'saved' } });
    await expect(page.getByTestId('test-result')).toContainText(`Test e-mail sent to ${DEMO.admin.email}.`);
    await expect(page.getByTestId('test-result')).toContainText('It used the saved English design.');
    expect(await seriousViolations(page)).toEqual([]);

    // The mail arrived with the designed HTML: the dragged text, the variable filled, the picture.
    const mail = await waitForMail(`test-${TYPE}`, DEMO.admin.email, { since: started });
    const html = (mail.html ?? '').replace(/&nbsp;|\u00a0/g, ' ');
    expect(mail.subject).toMatch(/^Your stay RSV-[A-Z0-9]+: .+ update$/);
    expect(html).toContain(`${marker} for Rafi Ahmed`);
    expect(html).toMatch(/<img[^>]+src="http:\/\/127\.0\.0\.1:\d+\/uploads\/[^"]+\.webp"/);
    expect((mail.text ?? '').replace(/\u00a0/g, ' ')).toContain(`${marker} for Rafi Ahmed`);

    // Served by this app alone: every request of every page and frame went to 127.0.0.1, and
    // the canvas frame loaded nothing from elsewhere either.
    expect([...hosts]).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/)]);
    expect(await page.evaluate(() => [...document.querySelectorAll('link[href]')].map((l) => (l as HTMLLinkElement).href).filter((h) => !h.startsWith(location.origin)))).toEqual([]);
  });

  test("the designer's code loads only on its route and from this app only; on a phone (Bengali, 375 px) it asks for a wider screen while the list and Send Test work; a variable the type does not have is refused with 'Unknown variables used: {{foo}}', nothing is saved, and leaving asks first", async ({
    page,
    context,
    request,
    api,
  }) => {
    test.setTimeout(90_000);
    const hosts = watchHosts(context);
    const designerChunks: string[] = [];
    page.on('request', (r) => {
      if (/\/assets\/mail-designer-[\w-]+\.(js|css)$/.test(r.url())) designerChunks.push(r.url());
    });
    await page.setViewportSize({ width: 375, height: 812 });
    await signIn(page, api, 'admin');
    await page.goto('/admin/email-templates');
    await useLanguage(page, 'bn');

    await expect(page.getByTestId(`template-${TYPE}`)).toBeVisible();
    await page.getByTestId('templates-search').fill('বাতিল');
    await expect(page.getByTestId('template-BOOKING_CANCELLATION')).toBeVisible();
    await expect(page.getByTestId(`template-${TYPE}`)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await page.getByTestId('template-BOOKING_CANCELLATION-bn').getByRole('button', { name: /তৈরি করুন/ }).click();
    await expect(page.getByTestId('designer-needs-wide')).toContainText('ডিজাইনারের জন্য আরও চওড়া পর্দা দরকার');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'পরীক্ষামূলক পাঠান' }).click();
    await expect(page).toHaveURL('/admin/email-templates/test?type=BOOKING_CANCELLATION&language=bn');
    await page.getByTestId('test-to').fill('');
    await page.getByTestId('test-send').click();
    await expect(page.getByText('প্রাপকের ই-মেইল দিতেই হবে')).toBeVisible();
    await page.getByTestId('test-to').fill('desk@example.com');
    await page.getByTestId('test-variables').fill('{"name": ');
    await page.getByTestId('test-send').click();
    await expect(page.getByText('ভেরিয়েবলগুলো সঠিক JSON হতে হবে')).toBeVisible();
    await page.getByTestId('test-variables').fill('');
    await page.getByTestId('test-send').click();
    await expect(page.getByTestId('test-result')).toContainText('desk@example.com ঠিকানায় পরীক্ষামূলক ই-মেইল পাঠানো হয়েছে।');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // None of that fetched the designer (GrapesJS): not the list, not the phone's editor page, not Send Test.
    expect(designerChunks).toEqual([]);

    // At 1280 px in English, the designer: its code now, all of it from this app, its canvas frame included.
    await page.setViewportSize({ width: 1280, height: 800 });
    await useLanguage(page, 'en');
    await page.goto('/admin/email-templates/new?type=BOOKING_CANCELLATION&language=en');
    await designerReady(page);
    expect(designerChunks.length).toBeGreaterThan(0);
    const canvasResources = await canvasOf(page).locator('body').evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
    expect(canvasResources.filter((url) => !url.startsWith('http://127.0.0.1'))).toEqual([]);

    await page.getByTestId('template-subject').fill('Your stay {{transactionId}} is cancelled {{foo}}');
    await page.getByTestId('template-save').click();
    await expect(page.getByTestId('template-problem')).toHaveText('Unknown variables used: {{foo}}');
    await expect(page).toHaveURL(/\/new\?type=BOOKING_CANCELLATION/);

    // The server checks again, whatever a client sends.
    const admin = await api.headers('admin');
    const refused = await request.post('/api/email-templates', {
      headers: admin,
      data: { type: 'BOOKING_CANCELLATION', language: 'en', subject: 'Hi {{foo}}', design: { pages: [{ component: '<p>{{name}}</p>' }] }, html: '<p>{{name}}</p>', isActive: true },
    });
    expect(refused.status()).toBe(400);
    expect((await refused.json()).message).toBe('Unknown variables used: {{foo}}');
    const stored = await request.get('/api/email-templates/BOOKING_CANCELLATION', { headers: admin });
    expect((await stored.json()).data.templates.en).toBeNull();

    // Leaving with the unsaved subject asks first; staying keeps the work.
    await page.getByRole('button', { name: 'Back to templates' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/new\?type=BOOKING_CANCELLATION/);
    await expect(page.getByTestId('template-subject')).toHaveValue('Your stay {{transactionId}} is cancelled {{foo}}');

    expect([...hosts].filter((host) => !/^http:\/\/127\.0\.0\.1:\d+$/.test(host))).toEqual([]);
  });
});

test.describe('a guest who books in Bengali', () => {
  const CONFIRMATION = 'BOOKING_CONFIRMATION_USER';
  test.afterEach(async ({ request }) => forgetDesigns(request, CONFIRMATION));

  test("receives the hotel's Bengali design of the confirmation, filled in Bengali, and not the English one", async ({ page, request, api }) => {
    test.setTimeout(90_000);
    const marker = uniqueName('design');
    const admin = await api.headers('admin');
    const save = (language: 'en' | 'bn', subject: string, html: string) =>
      request.post('/api/email-templates', {
        headers: admin,
        data: { type: CONFIRMATION, language, subject, html, design: { pages: [{ component: html }] }, isActive: true },
      });
    expect((await save('en', 'English design {{reservationId}}', `<p>English design ${marker} for {{name}}</p>`)).status()).toBe(200);
    expect(
      (await save('bn', 'আপনার বুকিং {{reservationId}} নিশ্চিত', `<p>বাংলা নকশা ${marker}: প্রিয় {{name}}, আপনার থাকা {{startDate}} থেকে, মোট {{amount}}</p>`)).status(),
    ).toBe(200);

    // A new account (English by default), booking on the Bengali site.
    const guest = await api.newGuest('Nusrat Jahan');
    const today = todayAt((await (await request.get('/api/site')).json()).data.timeZone as string);
    const checkIn = addDays(today, testDayOffset(300, 1500));
    const checkOut = addDays(checkIn, 2);
    const [room] = await freeRooms(request, checkIn, checkOut);
    await login(page, guest);
    await useLanguage(page, 'bn');
    const since = Date.now();
    await page.goto(`/booking/${room._id}?checkIn=${checkIn}&checkOut=${checkOut}&adults=1&children=0`);
    await page.getByRole('textbox', { name: 'ফোন' }).fill('01711-223344');
    await page.getByTestId('confirm-booking').click();
    const reservation = (await page.getByTestId('transaction-id').textContent())!.trim();
    expect(reservation).toMatch(/^RSV-[A-Z0-9]{8}$/);

    const mail = await waitForMail(CONFIRMATION, guest.email, { since });
    expect(mail.subject).toBe(`আপনার বুকিং ${reservation} নিশ্চিত`);
    const html = mail.html ?? '';
    expect(html).toContain(`বাংলা নকশা ${marker}: প্রিয় Nusrat Jahan, আপনার থাকা `);
    expect(html).not.toContain(`English design ${marker}`);
    // The stay's date and the amount are written in Bengali (digits and month), not as 2027-… or ৳12,345.
    const filled = /আপনার থাকা (.+?) থেকে, মোট (.+?)<\/p>/.exec(html)!;
    expect(filled[1]).toMatch(/^[^\d]*[০-৯]/);
    expect(filled[1]).not.toMatch(/[0-9]/);
    expect(filled[2]).toMatch(/^৳[০-৯,.]+$/);
    // The plain-text part says the same.
    expect(mail.text ?? '').toContain(`বাংলা নকশা ${marker}`);
  });
});
