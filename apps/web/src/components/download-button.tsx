import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../lib/store-hooks';
import { useErrorText } from '../lib/server-error';

/**
 * A "Download CSV" button: fetches the file with the signed-in user's token (`save` answers the
 * name it saved it under) and says so, or says why not. Its words are `csv.download`, `csv.done`
 * and `csv.failed` of the screen's own namespace.
 */
export function DownloadButton({ save, namespace, testId, block }: { save: (token: string | null) => Promise<string>; namespace: string; testId: string; block?: boolean }) {
  const { t } = useTranslation(namespace);
  const { message } = App.useApp();
  const errorText = useErrorText();
  const token = useAppSelector((state) => state.auth.token);
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      void message.success(t('csv.done', { name: await save(token) }));
    } catch (error) {
      void message.error(errorText(error, t('csv.failed')), 5);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined aria-hidden />} loading={busy} onClick={() => void download()} block={block} data-testid={testId}>
      {t('csv.download')}
    </Button>
  );
}
