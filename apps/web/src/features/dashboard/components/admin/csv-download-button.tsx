import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../../lib/store-hooks';
import { useErrorText } from '../../../../lib/server-error';
import { downloadBookingsCsv } from '../../admin-csv';

/** "Download CSV": the bookings of the period on screen, fetched with the admin's token. */
export function CsvDownloadButton({ period, block }: { period: { from: string; to: string }; block?: boolean }) {
  const { t } = useTranslation('dashboard');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const token = useAppSelector((state) => state.auth.token);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const name = await downloadBookingsCsv(period, token);
      void message.success(t('csv.done', { name }));
    } catch (error) {
      void message.error(errorText(error, t('csv.failed')), 5);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} block={block} data-testid="csv-download">
      {t('csv.download')}
    </Button>
  );
}
