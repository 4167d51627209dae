import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUser, outbox, query, useTestApp, type TestAccount } from '../../test/app.ts';
import { TEST_SENDS_PER_MINUTE } from './email-templates.routes.ts';

/*
 * The designer's API (spec section 7, Email templates): admins only; saves checked for the
 * type's variables, upserted by type and language; deleting returns a type to its built-in
 * default; test sends rate limited per admin.
 */

type Person = TestAccount;

const ctx = useTestApp({ reset: 'file' });

/** A design as the designer exports it: CSS in a <style> block, classes on the elements. */
const DESIGN_HTML = `<!doctype html><html><head><style>.card{background-color:#fffaf0;padding:24px}.title{color:#0f3d3e;font-size:22px}@media (max-width:480px){.card{padding:12px}}</style></head>
<body><table class="card" width="100%"><tr><td><h1 class="title">Welcome, {{name}}</h1><p>Booking {{reservationId}}: {{roomType}}, {{startDate}} to {{endDate}}. Total {{amount}}.</p></td></tr></table></body></html>`;
/** The designer's project JSON: stored and answered back untouched. */
const DESIGN = { styles: [{ selectors: ['card'], style: { padding: '24px' } }], pages: [{ frames: [{ component: { type: 'wrapper', components: [{ type: 'text', content: 'Welcome, {{name}}' }] } }] }], assets: [], dataSources: [] };

function save(payload: Record<string, unknown>, who: Person | null = ctx.admin) {
  return ctx.app.inject({ method: 'POST', url: '/api/email-templates', headers: who?.auth ?? {}, payload });
}
const confirmation = (extra: Record<string, unknown> = {}) => ({
  type: 'BOOKING_CONFIRMATION_USER',
  language: 'en',
  subject: 'Welcome {{name}}: booking {{reservationId}}',
  design: DESIGN,
  html: DESIGN_HTML,
  isActive: true,
  ...extra,
});
const list = async () => (await ctx.app.inject({ url: '/api/email-templates', headers: ctx.admin.auth })).json();
const detail = async (type: string) => ctx.app.inject({ url: `/api/email-templates/${type}`, headers: ctx.admin.auth });
const sendTest = (payload: Record<string, unknown>, who: Person = ctx.admin) =>
  ctx.app.inject({ method: 'POST', url: '/api/email-templates/test', headers: who.auth, payload });
const savedCount = async () => (await query<{ n: number }>(ctx.app, sql`select count(*)::int as n from email_templates`))[0]!.n;

describe('GET /api/email-templates', () => {
  it('lists the four types, each with English and Bengali, the built-in subject where nothing is saved', async () => {
    const body = await list();
    expect(body.success).toBe(true);
    expect(body.meta).toEqual({ page: 1, limit: 4, total: 4 });
    expect(body.data.map((t: { type: string }) => t.type)).toEqual([
      'BOOKING_CONFIRMATION_USER',
      'BOOKING_CONFIRMATION_ADMIN',
      'BOOKING_STATUS_UPDATE',
      'BOOKING_CANCELLATION',
    ]);
    expect(body.data[3].languages).toEqual({
      en: { saved: false, subject: 'Booking {{transactionId}} is cancelled', isActive: false, updatedAt: null },
      bn: { saved: false, subject: 'বুকিং {{transactionId}} বাতিল হয়েছে', isActive: false, updatedAt: null },
    });
  });
});

describe('POST /api/email-templates', () => {
  it('saves a design: the HTML with its CSS inlined, the design JSON exactly as sent', async () => {
    const res = await save(confirmation());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Template saved');
    expect(body.data).toMatchObject({ type: 'BOOKING_CONFIRMATION_USER', language: 'en', subject: 'Welcome {{name}}: booking {{reservationId}}', isActive: true });
    expect(body.data.design).toEqual(DESIGN);
    // Inlined: mail programs drop <style> blocks; the phone rule stays in one.
    // (bgcolor too, for Outlook, which reads no CSS background on tables).
    expect(body.data.html).toContain('<table class="card" width="100%" style="background-color: #fffaf0; padding: 24px;" bgcolor="#fffaf0">');
    expect(body.data.html.startsWith('<!doctype html>')).toBe(true);
    expect(body.data.html).toContain('<h1 class="title" style="color: #0f3d3e; font-size: 22px;">Welcome, {{name}}</h1>');
    expect(body.data.html).toMatch(/@media \(max-width:\s*480px\)/);
    expect(body.data.html).not.toContain('.title{');
    const reloaded = (await detail('BOOKING_CONFIRMATION_USER')).json().data.templates.en;
    // Exactly: the same keys in the same order (the editor reloads what it saved).
    expect(JSON.stringify(reloaded.design)).toBe(JSON.stringify(DESIGN));
    expect(reloaded.html).toBe(body.data.html);
  });

  it('replaces the saved design of the same type and language on a second save; updatedAt moves on', async () => {
    const first = (await save(confirmation({ type: 'BOOKING_CANCELLATION', subject: 'Cancelled {{transactionId}}', html: '<p>{{name}}</p>' }))).json().data;
    const second = await save(confirmation({ type: 'BOOKING_CANCELLATION', subject: 'Your stay {{transactionId}} is cancelled', html: '<p>Sorry, {{name}}</p>', isActive: false, design: { pages: [{ component: '<p>Sorry, {{name}}</p>' }] } }));
    expect(second.statusCode, second.body).toBe(200);
    const saved = second.json().data;
    expect(saved).toMatchObject({ subject: 'Your stay {{transactionId}} is cancelled', html: '<p>Sorry, {{name}}</p>', isActive: false, design: { pages: [{ component: '<p>Sorry, {{name}}</p>' }] } });
    expect(new Date(saved.updatedAt).getTime()).toBeGreaterThan(new Date(first.updatedAt).getTime());
    const rows = await query(ctx.app, sql`select subject from email_templates where type = 'BOOKING_CANCELLATION'`);
    expect(rows).toEqual([{ subject: 'Your stay {{transactionId}} is cancelled' }]);
    const row = (await list()).data.find((t: { type: string }) => t.type === 'BOOKING_CANCELLATION');
    expect(row.languages.en).toEqual({ saved: true, subject: 'Your stay {{transactionId}} is cancelled', isActive: false, updatedAt: saved.updatedAt });
    expect(row.languages.bn.saved).toBe(false);
  });

  it('keeps one design per language: a Bengali save leaves the English one as it was', async () => {
    const bn = await save(confirmation({ language: 'bn', subject: 'স্বাগতম {{name}}', html: '<p>প্রিয় {{name}}, আপনার বুকিং {{reservationId}}</p>' }));
    expect(bn.statusCode, bn.body).toBe(200);
    const { templates } = (await detail('BOOKING_CONFIRMATION_USER')).json().data;
    expect(templates.bn).toMatchObject({ language: 'bn', subject: 'স্বাগতম {{name}}', html: '<p>প্রিয় {{name}}, আপনার বুকিং {{reservationId}}</p>' });
    expect(templates.en).toMatchObject({ language: 'en', subject: 'Welcome {{name}}: booking {{reservationId}}' });
  });

  it("refuses a variable the type does not support in the subject with the spec's message, and saves nothing", async () => {
    const before = await savedCount();
    const res = await save(confirmation({ type: 'BOOKING_STATUS_UPDATE', subject: 'Hi {{name}}, code {{couponCode}}', html: '<p>{{transactionId}}</p>' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'UNKNOWN_VARIABLES',
      message: 'Unknown variables used: {{couponCode}}',
      errors: [{ path: 'subject', message: 'Unknown variables used: {{couponCode}}' }],
    });
    expect(await savedCount()).toBe(before);
  });

  it('refuses unknown variables in the HTML, listing each once, comma-separated', async () => {
    const before = await savedCount();
    const res = await save(
      confirmation({ type: 'BOOKING_CONFIRMATION_USER', html: '<p>{{name}} {{ admin_email }} {{guestCount}} {{admin_email}} {{ first name }}</p>' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UNKNOWN_VARIABLES',
      message: 'Unknown variables used: {{admin_email}}, {{guestCount}}, {{first name}}',
      errors: [{ path: 'html', message: 'Unknown variables used: {{admin_email}}, {{guestCount}}, {{first name}}' }],
    });
    expect(await savedCount()).toBe(before);
    // The same variable is fine where the type has it: the hotel's copy.
    expect((await save(confirmation({ type: 'BOOKING_CONFIRMATION_ADMIN', html: '<p>{{admin_email}}</p>' }))).statusCode).toBe(200);
  });

  it('takes no scripts, frames or event handlers into a mail', async () => {
    const res = await save(
      confirmation({
        type: 'BOOKING_STATUS_UPDATE',
        subject: 'Booking {{transactionId}}',
        html: '<p onclick="steal()">Dear {{name}}</p><script>alert(1)</script><iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">x</a><img src="/uploads/logo.webp" alt="Residency">',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.html).toBe('<p>Dear {{name}}</p><a>x</a><img src="/uploads/logo.webp" alt="Residency">');

    // SVG can set a link by animation or by xlink:href: both are taken out.
    const svg = await save(
      confirmation({
        type: 'BOOKING_STATUS_UPDATE',
        subject: 'Booking {{transactionId}}',
        html: '<svg><a xlink:href="javascript:alert(2)"><animate attributeName="href" values="javascript:alert(1)"/><set attributeName="href" to="javascript:alert(3)"/><text>Open</text></a></svg><p>{{name}}</p>',
      }),
    );
    expect(svg.statusCode, svg.body).toBe(200);
    const html: string = svg.json().data.html;
    expect(html).not.toMatch(/javascript|<animate|<set\b/i);
    expect(html).toContain('<text>Open</text>');
  });

  it('answers 400 with the field for a save without subject, HTML or design', async () => {
    for (const [field, message] of [
      ['subject', 'Subject is required.'],
      ['html', 'The design is empty.'],
      ['design', 'The design is missing.'],
    ] as const) {
      const res = await save(confirmation({ [field]: field === 'design' ? 'not an object' : '' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toContainEqual({ path: field, message });
    }
    // An object the designer cannot open (it waited forever on "Editor is still loading").
    const before = await savedCount();
    for (const design of [{ html: 'x' }, { pages: [] }, { pages: ['x'] }, { format: 'grapesjs-flat', project: { pages: [{}] } }]) {
      const res = await save(confirmation({ design }));
      expect(res.statusCode, JSON.stringify(design)).toBe(400);
      expect(res.json().errors).toContainEqual({ path: 'design', message: 'The design is not one the designer can open: it needs at least one page.' });
    }
    expect(await savedCount()).toBe(before);
    expect((await save(confirmation({ design: { format: 'grapesjs-flat', version: 1, project: { pages: [{ frames: [] }] }, nodes: [] } }))).statusCode).toBe(200);
    expect((await save(confirmation({ type: 'BOOKING_REMINDER' }))).json().errors).toContainEqual({ path: 'type', message: 'Choose a template type.' });
  });
});

describe('GET /api/email-templates/:type', () => {
  it('answers the built-in English and Bengali defaults with the saved designs (null when none)', async () => {
    const res = await detail('BOOKING_STATUS_UPDATE');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.type).toBe('BOOKING_STATUS_UPDATE');
    expect(data.templates.bn).toBeNull();
    expect(data.defaults.en.subject).toBe('Booking {{transactionId}}: {{confirmation}}, payment {{paymentStatus}}');
    expect(data.defaults.bn.subject).toBe('বুকিং {{transactionId}}: {{confirmation}}, পেমেন্ট: {{paymentStatus}}');
    expect(data.defaults.en.html).toContain('<html lang="en">');
    expect(data.defaults.bn.html).toContain('<html lang="bn">');
    expect(data.defaults.bn.html).toContain('বুকিং আইডি');
    expect(data.defaults.bn.html).toContain('{{paymentStatus}}');
    // The hotel's frame is filled in; only booking variables are left.
    expect(data.defaults.en.html).toContain(ctx.app.config.hotel.name);
  });

  it('404 Template not found for a type that does not exist', async () => {
    const res = await detail('BOOKING_REMINDER');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'TEMPLATE_NOT_FOUND', message: 'Template not found' });
  });
});

describe('DELETE /api/email-templates/:type', () => {
  it('deletes one language with ?language=, then the other; the type is back to its defaults', async () => {
    await save(confirmation({ type: 'BOOKING_CANCELLATION', language: 'bn', subject: 'বাতিল {{transactionId}}', html: '<p>{{name}}</p>' }));
    await save(confirmation({ type: 'BOOKING_CANCELLATION', language: 'en', subject: 'Cancelled {{transactionId}}', html: '<p>{{name}}</p>' }));
    const bn = await ctx.app.inject({ method: 'DELETE', url: '/api/email-templates/BOOKING_CANCELLATION?language=bn', headers: ctx.admin.auth });
    expect(bn.statusCode).toBe(200);
    expect(bn.json()).toEqual({ success: true, message: 'Template deleted. The built-in design is used again.' });
    let templates = (await detail('BOOKING_CANCELLATION')).json().data.templates;
    expect(templates.bn).toBeNull();
    expect(templates.en.subject).toBe('Cancelled {{transactionId}}');
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/email-templates/BOOKING_CANCELLATION', headers: ctx.admin.auth })).statusCode).toBe(200);
    templates = (await detail('BOOKING_CANCELLATION')).json().data.templates;
    expect(templates).toEqual({ en: null, bn: null });
    const again = await ctx.app.inject({ method: 'DELETE', url: '/api/email-templates/BOOKING_CANCELLATION', headers: ctx.admin.auth });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Template not found');
  });
});

describe('who may use the designer', () => {
  const calls = () => [
    { method: 'GET' as const, url: '/api/email-templates' },
    { method: 'POST' as const, url: '/api/email-templates', payload: confirmation() },
    { method: 'GET' as const, url: '/api/email-templates/BOOKING_CONFIRMATION_USER' },
    { method: 'DELETE' as const, url: '/api/email-templates/BOOKING_CONFIRMATION_USER' },
    { method: 'POST' as const, url: '/api/email-templates/test', payload: { type: 'BOOKING_CANCELLATION', to: 'x@example.com' } },
  ];

  it('answers 401 without a token and 403 to staff and guests; nothing is saved, deleted or sent', async () => {
    await save(confirmation());
    const before = { saved: await savedCount(), mails: (await outbox(ctx.app)).length };
    for (const call of calls()) {
      expect((await ctx.app.inject(call)).statusCode, `${call.method} ${call.url}`).toBe(401);
      for (const who of [ctx.staff, ctx.guest]) {
        const res = await ctx.app.inject({ ...call, headers: who.auth });
        expect(res.statusCode, `${call.method} ${call.url} as ${who.role}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    }
    expect(await savedCount()).toBe(before.saved);
    expect((await outbox(ctx.app)).length).toBe(before.mails);
  });
});

describe('POST /api/email-templates/test', () => {
  it('writes the active design, filled with samples and the given variables, to the outbox for the recipient', async () => {
    await save(confirmation({ type: 'BOOKING_CONFIRMATION_USER', language: 'en', isActive: true }));
    const res = await sendTest({ type: 'BOOKING_CONFIRMATION_USER', to: 'designer@example.com', variables: { name: 'Test <Guest>', amount: 12500 } });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({
      success: true,
      message: 'Test e-mail sent to designer@example.com',
      data: { to: 'designer@example.com', subject: 'Welcome Test <Guest>: booking RSV-7K3F9Q2M', source: 'saved' },
    });
    const mail = (await outbox(ctx.app)).at(-1)!;
    expect(mail).toMatchObject({ kind: 'test-BOOKING_CONFIRMATION_USER', to: 'designer@example.com', status: 'pending' });
    expect(mail.html).toContain('Welcome, Test &lt;Guest&gt;</h1>');
    expect(mail.html).toContain('Total ৳12,500.');
    expect(mail.html).toContain('Tue, Dec 1, 2026 to Thu, Dec 3, 2026');
    expect(mail.text).toContain('Welcome, Test <Guest>');
  });

  it('uses the built-in default of the language while the design is inactive', async () => {
    await save(confirmation({ type: 'BOOKING_CONFIRMATION_USER', language: 'bn', subject: 'স্বাগতম {{name}}', html: '<p>নকশা {{name}}</p>', isActive: false }));
    const res = await sendTest({ type: 'BOOKING_CONFIRMATION_USER', to: 'designer@example.com', language: 'bn' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ to: 'designer@example.com', subject: 'আপনার বুকিং RSV-7K3F9Q2M আমরা পেয়েছি', source: 'default' });
    const mail = (await outbox(ctx.app)).at(-1)!;
    expect(mail.html).not.toContain('নকশা');
    expect(mail.text).toContain('চেক-ইন: মঙ্গল, ১ ডিসে, ২০২৬');
    expect(mail.text).toContain('সর্বমোট: ৳১৭,০৭৭.৫০');
    // Its footer gives the Bengali address (HOTEL_ADDRESS_BN), as the Bengali pages do.
    expect(mail.text).toContain(ctx.app.config.hotel.addressBn);
    expect(mail.text).not.toContain(ctx.app.config.hotel.address);
    // Active again: the design is what is sent.
    await save(confirmation({ type: 'BOOKING_CONFIRMATION_USER', language: 'bn', subject: 'স্বাগতম {{name}}', html: '<p>নকশা {{name}}</p>', isActive: true }));
    expect((await sendTest({ type: 'BOOKING_CONFIRMATION_USER', to: 'designer@example.com', language: 'bn' })).json().data).toMatchObject({
      subject: 'স্বাগতম Ayesha Rahman',
      source: 'saved',
    });
  });

  it('refuses a variable the type does not have, and a required one given empty; nothing is written', async () => {
    const before = (await outbox(ctx.app)).length;
    const unknown = await sendTest({ type: 'BOOKING_CANCELLATION', to: 'designer@example.com', variables: { couponCode: 'X' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'UNKNOWN_VARIABLES', message: 'Unknown variables used: {{couponCode}}' });
    const empty = await sendTest({ type: 'BOOKING_CANCELLATION', to: 'designer@example.com', variables: { name: ' ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'MISSING_VARIABLES', message: 'Missing required variables: name' });
    const noRecipient = await sendTest({ type: 'BOOKING_CANCELLATION', to: '' });
    expect(noRecipient.statusCode).toBe(400);
    expect(noRecipient.json().errors).toContainEqual({ path: 'to', message: 'Recipient email is required' });
    expect((await outbox(ctx.app)).length).toBe(before);
  });

  it(`allows ${TEST_SENDS_PER_MINUTE} test sends a minute per admin, then 429; another admin is not held up`, async () => {
    const busy = await createUser(ctx.app, { role: 'admin' });
    const other = await createUser(ctx.app, { role: 'admin' });
    const payload = { type: 'BOOKING_STATUS_UPDATE', to: 'designer@example.com' };
    for (let i = 0; i < TEST_SENDS_PER_MINUTE; i += 1) expect((await sendTest(payload, busy)).statusCode).toBe(202);
    const before = (await outbox(ctx.app)).length;
    const refused = await sendTest(payload, busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await outbox(ctx.app)).length).toBe(before);
    expect((await sendTest(payload, other)).statusCode).toBe(202);
  });
});
