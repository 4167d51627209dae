import type { TAuditRecord, TAuditVerify } from '@residency/shared';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import { stubRelativeRequest } from '../../../test/relative-request';
import { renderWithStore } from '../../../test/render';
import AuditPage from './audit-page';

/* The audit trail on a phone: what a record's fields say before and after, and the chain's check. */

const record: TAuditRecord = {
  seq: 41,
  at: '2026-12-01T08:30:00.000Z',
  actor: { _id: '11111111-1111-4111-8111-111111111111', role: 'staff', label: 'desk@residency.local', name: 'Tanvir Hasan' },
  ip: '203.0.113.7',
  userAgent: 'Mozilla/5.0',
  route: 'PUT /api/bookings/:id/guests',
  entity: 'guest-card',
  entityId: '22222222-2222-4222-8222-222222222222',
  parentEntity: 'booking',
  parentId: '33333333-3333-4333-8333-333333333333',
  action: 'update',
  changes: { id_number: [{ hidden: true }, { hidden: true }], note: [null, { omitted: 2400 }], phone: ['01711000000', null], adults: [1, 2] },
  hash: 'ab',
};
let verify: TAuditVerify = { ok: true, checked: 1234, head: { seq: 1234, hash: 'f00d' }, firstBroken: null };
const asked: URL[] = [];

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  installAntdDom({ desktop: false });
  stubRelativeRequest();
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      asked.push(url);
      if (url.pathname === '/api/audit/verify') return json(verify);
      if (url.pathname === '/api/users') return json({ success: true, data: [], meta: { page: 1, limit: 10, total: 0 } });
      return json({ success: true, data: [record], meta: { page: 1, limit: 20, total: 1 } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the audit trail', () => {
  it('shows who (role then), the record linked to its booking, and each field: hidden, a length, "—" for none', async () => {
    await initTestI18n('en');
    renderWithStore(<AuditPage />, { at: '/admin/audit?entity=guest-card', antd: true });
    const row = await screen.findByTestId('audit-row');
    expect(within(row).getByTestId('audit-who')).toHaveTextContent('Tanvir Hasan');
    expect(within(row).getByTestId('audit-who')).toHaveTextContent('Staff');
    expect(within(row).getByTestId('audit-entity-link')).toHaveAttribute('href', '/admin/reservation?booking=33333333-3333-4333-8333-333333333333');
    // The address's filter reached the API.
    expect(asked.some((u) => u.pathname === '/api/audit' && u.searchParams.get('entity') === 'guest-card')).toBe(true);

    await userEvent.click(within(row).getByTestId('audit-changes-toggle'));
    expect(screen.getByTestId('audit-change-id_number')).toHaveTextContent(/hidden\s*→\s*became\s*hidden/);
    expect(screen.getByTestId('audit-change-note')).toHaveTextContent(/—\s*→\s*became\s*2,400 characters/);
    expect(screen.getByTestId('audit-change-phone')).toHaveTextContent(/01711000000\s*→\s*became\s*—/);
  });

  it('says the chain is intact, or names the first broken record and why, in Bengali digits', async () => {
    await initTestI18n('bn');
    renderWithStore(<AuditPage />, { at: '/admin/audit', antd: true });
    await screen.findByTestId('audit-row');
    await userEvent.click(screen.getByTestId('audit-verify'));
    expect(await screen.findByTestId('audit-verify-result')).toHaveTextContent('সব ১,২৩৪টি রেকর্ড মিলেছে; চেইন অক্ষত।');

    verify = { ok: false, checked: 40, head: { seq: 40, hash: 'beef' }, firstBroken: { seq: 41, reason: 'Record 41 does not match its hash: it was changed after it was written.' } };
    await userEvent.click(screen.getByTestId('audit-verify'));
    const result = await screen.findByText('রেকর্ড ৪১-এ চেইন ভেঙেছে।');
    expect(result.closest('[data-testid="audit-verify-result"]')).toHaveTextContent('Record 41 does not match its hash');
    expect(result.closest('[data-testid="audit-verify-result"]')).toHaveTextContent('এর আগের ৪০টি রেকর্ড মিলেছে।');
  });
});
