import { SafetyCertificateOutlined } from '@ant-design/icons';
import type { TAuditVerify } from '@residency/shared';
import { Alert, Button } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../components/download-button';
import { formatNumber } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { downloadAuditCsv, useLazyVerifyAuditQuery, type AuditFilter } from '../api';

/** "Download CSV": every record of the filters on screen (not only this page), fetched with the admin's token. */
export function CsvButton({ filter }: { filter: AuditFilter }) {
  return <DownloadButton save={(token) => downloadAuditCsv(filter, token)} namespace="audit" testId="audit-csv" />;
}

/**
 * "Check the chain": the server walks the whole trail again and says whether every record still
 * matches its hash. The button and the answer, for the screen to place apart; the answer stays on
 * screen (it is the admin's evidence) until closed.
 */
export function useChainCheck(): { button: ReactNode; result: ReactNode } {
  const { t, i18n } = useTranslation('audit');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const [verify, { isFetching }] = useLazyVerifyAuditQuery();
  const [shown, setShown] = useState<{ result?: TAuditVerify; error?: unknown } | null>(null);
  const check = async () => {
    setShown(null);
    try {
      // Never the cached answer: a record changed a minute ago must be found now.
      setShown({ result: await verify(undefined, false).unwrap() });
    } catch (error) {
      setShown({ error });
    }
  };
  const n = (value: number) => formatNumber(value, lng);
  const result = shown?.result;
  const button = (
    <Button icon={<SafetyCertificateOutlined aria-hidden />} loading={isFetching} onClick={() => void check()} data-testid="audit-verify">
      {t('verify.button')}
    </Button>
  );
  const answer = shown && (
    <Alert
      className="!mb-3"
      closable={{ onClose: () => setShown(null) }}
      showIcon
      role="status"
      data-testid="audit-verify-result"
      type={result?.ok ? 'success' : 'error'}
      title={
        !result
          ? errorText(shown.error, t('verify.failed'))
          : result.ok
            ? t('verify.ok', { count: result.checked, n: n(result.checked) })
            : t('verify.broken', { seq: n(result.firstBroken?.seq ?? 0) })
      }
      description={
        result && (
          <span className="flex flex-col text-sm">
            {result.firstBroken && <span>{t('verify.reason', { reason: result.firstBroken.reason })}</span>}
            {!result.ok && <span>{t('verify.before', { count: result.checked, n: n(result.checked) })}</span>}
            {/* The head is what a closed day or a backup wrote down: the admin compares it there. */}
            <span className="font-mono text-xs break-all">{t('verify.head', { seq: n(result.head.seq), hash: result.head.hash.slice(0, 16) })}</span>
          </span>
        )
      }
    />
  );
  return { button, result: answer };
}
