import type { TBackup } from '@residency/shared';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAntdDom } from '../../../test/antd-dom';
import { initTestI18n } from '../../../test/i18n';
import { stubRelativeRequest } from '../../../test/relative-request';
import { renderWithStore } from '../../../test/render';
import BackupsPage from './backups-page';

/* The backups on a phone (375 px: the cards): each one's copy in the backups' bucket, why it failed, or none. */

const backup = (file: string, offsite: TBackup['offsite']): TBackup => ({
  file,
  createdAt: '2026-12-05T02:00:07.123Z',
  bytes: 3_250_000,
  verified: true,
  verifyError: null,
  trigger: 'night audit',
  database: 'pglite',
  auditSeq: 1234,
  offsite,
});
const backups = [
  backup('residency-2026-12-05T02-00-07-123Z-4f2a1c.rbk', { key: 'residency-backups/residency-2026-12-05T02-00-07-123Z-4f2a1c.rbk', at: '2026-12-05T02:00:12.000Z', error: null }),
  backup('residency-2026-12-04T02-00-05-001Z-9b1e00.rbk', { key: null, at: null, error: 'The copy to bucket "hotel-backups" failed: ECONNREFUSED' }),
  backup('residency-2026-12-03T02-00-04-000Z-77aa01.rbk', null),
];

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  installAntdDom({ desktop: false });
  stubRelativeRequest();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ success: true, data: backups })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the backups screen', () => {
  it('shows each backup’s off-site copy: the bucket key, "Not copied" with the reason, or "—" when no bucket was set', async () => {
    await initTestI18n('en');
    renderWithStore(<BackupsPage />, { at: '/admin/backups', antd: true });
    const [copied, failed, none] = await screen.findAllByTestId('backup-row');
    expect(within(copied!).getByText('Off-site copy')).toBeInTheDocument();
    expect(within(copied!).getByTestId('backup-offsite')).toHaveTextContent('residency-backups/residency-2026-12-05T02-00-07-123Z-4f2a1c.rbk');
    expect(within(failed!).getByTestId('backup-offsite-failed')).toHaveTextContent('Not copied: The copy to bucket "hotel-backups" failed: ECONNREFUSED');
    expect(within(none!).getByTestId('backup-offsite-none')).toHaveTextContent('—');
    expect(within(none!).getByTestId('backup-offsite-none')).toHaveAccessibleName('Not copied off-site: no backups bucket (S3_BACKUP_BUCKET) was set');
  });

  it('says it in Bengali', async () => {
    await initTestI18n('bn');
    renderWithStore(<BackupsPage />, { at: '/admin/backups', antd: true });
    const [, failed] = await screen.findAllByTestId('backup-row');
    expect(within(failed!).getByText('অফ-সাইট কপি')).toBeInTheDocument();
    expect(within(failed!).getByTestId('backup-offsite-failed')).toHaveTextContent('কপি হয়নি: The copy to bucket');
  });
});
