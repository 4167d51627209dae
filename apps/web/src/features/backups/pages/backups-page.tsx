import { CheckCircleOutlined, CloseCircleOutlined, CloudUploadOutlined } from '@ant-design/icons';
import type { TBackup } from '@residency/shared';
import { Alert, App, Button, Card, Empty, Tag } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/dashboard/load-error';
import { CardFields, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { errorCode, useErrorText } from '../../../lib/server-error';
import { useGetBackupsQuery, useTakeBackupMutation } from '../api';

/** What took a backup, as the server names it, to the key of its words. */
const TRIGGER_KEYS: Record<string, string> = { admin: 'admin', 'night audit': 'nightAudit' };

/** Megabytes with one decimal, in the reader's digits (0.4, ১২.৩). */
const megabytes = (bytes: number, lng: string) => formatNumber(Math.round((bytes / 1_048_576) * 10) / 10, lng);

/**
 * Backups (issue 35), the admin's: every backup kept, newest first, with its time, file, size,
 * whether its restore into a scratch database matched (or why not), what took it and its copy in
 * the backups' S3 bucket (or why the copy failed); and a
 * backup taken now, once per press (the button waits for the answer: the copy is verified first).
 */
export default function BackupsPage() {
  const { t, i18n } = useTranslation('backups');
  const lng = i18n.resolvedLanguage ?? 'en';
  const phone = usePhoneLayout();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { data, isLoading, isFetching, isError, error, refetch } = useGetBackupsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [takeBackup] = useTakeBackupMutation();
  const [taking, setTaking] = useState(false);
  // A double press sends one request: the state update would come too late.
  const running = useRef(false);

  const size = (b: TBackup) => t('size', { mb: megabytes(b.bytes, lng) });
  const take = async () => {
    if (running.current) return;
    running.current = true;
    setTaking(true);
    try {
      const { data: backup } = await takeBackup().unwrap();
      if (backup.verified) void message.success(t('taken', { file: backup.file, size: size(backup) }), 8);
      else void message.warning(t('takenNotVerified', { file: backup.file, size: size(backup), error: backup.verifyError ?? '' }), 12);
      void refetch();
    } catch (err) {
      const code = errorCode(err);
      void message.error(code === 'BACKUP_KEY_MISSING' ? t('refusals.BACKUP_KEY_MISSING') : errorText(err, t('failed')), 8);
    } finally {
      running.current = false;
      setTaking(false);
    }
  };

  const rows = data?.data ?? [];
  const verdict = (b: TBackup) =>
    b.verified ? (
      <Tag color="green" icon={<CheckCircleOutlined aria-hidden />} className="!m-0" data-testid="backup-verified">
        {t('verified')}
      </Tag>
    ) : (
      <span className="flex flex-col items-start gap-1" data-testid="backup-not-verified">
        <Tag color="red" icon={<CloseCircleOutlined aria-hidden />} className="!m-0">
          {t('notVerified')}
        </Tag>
        {b.verifyError && <span className="text-sm break-words text-rose-800">{b.verifyError}</span>}
      </span>
    );
  const trigger = (b: TBackup) => (
    <span className="flex flex-col">
      <span>{TRIGGER_KEYS[b.trigger] ? t(`triggers.${TRIGGER_KEYS[b.trigger]}`) : b.trigger}</span>
      <span className="text-xs text-slate-600">{t(`databases.${b.database}`)}</span>
    </span>
  );
  const file = (b: TBackup) => <span className="font-mono text-sm break-all">{b.file}</span>;
  // Its copy in S3_BACKUP_BUCKET: the object's key, why it failed (the next backup tries again), or none set.
  const offsite = (b: TBackup) =>
    b.offsite?.key ? (
      <span className="flex flex-col" data-testid="backup-offsite">
        <span className="font-mono text-sm break-all">{b.offsite.key}</span>
        {b.offsite.at && <span className="text-xs text-slate-600">{formatDateTime(b.offsite.at, lng)}</span>}
      </span>
    ) : b.offsite?.error ? (
      <span className="text-sm break-words text-rose-800" data-testid="backup-offsite-failed">
        {t('offsiteFailed', { error: b.offsite.error })}
      </span>
    ) : (
      <span aria-label={t('offsiteNone')} title={t('offsiteNone')} data-testid="backup-offsite-none">
        —
      </span>
    );

  return (
    <Card size={phone ? 'small' : undefined}>
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
        <Button
          type="primary"
          icon={<CloudUploadOutlined aria-hidden />}
          loading={taking}
          disabled={taking}
          onClick={() => void take()}
          className="lg:shrink-0"
          data-testid="backup-take"
        >
          {t('take')}
        </Button>
      </div>
      {taking && <Alert type="info" showIcon className="!mb-4" title={t('taking')} data-testid="backup-taking" />}
      {data && (
        <p className="mt-0 mb-3 text-sm text-slate-600" data-testid="backups-total">
          {t('total', { count: rows.length, n: formatNumber(rows.length, lng) })}
        </p>
      )}
      {isError && <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      <ResponsiveList<TBackup>
        phone={phone}
        rows={rows}
        rowKey="file"
        loading={isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={<Empty description={t('empty')} />}
        pagination={false}
        rowTestId={() => 'backup-row'}
        card={(b) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <span className="font-semibold text-slate-900">{formatDateTime(b.createdAt, lng)}</span>
              <span className="shrink-0 text-slate-700">{size(b)}</span>
            </div>
            {file(b)}
            <CardFields
              fields={[
                { label: t('columns.verified'), value: verdict(b) },
                { label: t('columns.trigger'), value: trigger(b) },
                { label: t('columns.offsite'), value: offsite(b) },
              ]}
            />
          </>
        )}
        table={{
          size: 'middle',
          // As wide as the card is at 1280 px (the audit trail's width): a wider table scrolled sideways there.
          scroll: { x: 930 },
          columns: [
            { title: t('columns.time'), key: 'time', width: 160, render: (_: unknown, b) => formatDateTime(b.createdAt, lng) },
            { title: t('columns.file'), key: 'file', render: (_: unknown, b) => file(b) },
            { title: t('columns.size'), key: 'size', width: 90, align: 'right', render: (_: unknown, b) => size(b) },
            { title: t('columns.verified'), key: 'verified', width: 190, render: (_: unknown, b) => verdict(b) },
            { title: t('columns.trigger'), key: 'trigger', width: 140, render: (_: unknown, b) => trigger(b) },
            { title: t('columns.offsite'), key: 'offsite', width: 200, render: (_: unknown, b) => offsite(b) },
          ],
        }}
      />
    </Card>
  );
}
