import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import type { EmailTemplateType } from '@residency/shared/email-templates';
import { Button, Modal, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { previewDocument, previewSubject } from '../preview-document';
import { sampleValues } from '../sample-values';
import type { TemplateLanguage } from '../template-types';

const WIDTHS = { phone: 375, desktop: 640 } as const;

/**
 * The mail filled with the sample booking, at a phone's width (375 px) or a desktop mail
 * window's (640 px). It runs in a sandboxed frame: nothing in a design can script this page.
 */
export function PreviewModal({
  mail,
  type,
  language,
  onClose,
}: {
  mail: { html: string; subject: string } | null;
  type: EmailTemplateType;
  language: TemplateLanguage;
  onClose: () => void;
}) {
  const { t } = useTranslation('email-templates');
  const [width, setWidth] = useState<keyof typeof WIDTHS>('phone');
  const values = useMemo(() => sampleValues(type, language), [type, language]);
  const doc = useMemo(() => (mail ? previewDocument(mail.html, values) : ''), [mail, values]);

  return (
    <Modal
      open={!!mail}
      title={t('preview.title')}
      onCancel={onClose}
      width={720}
      footer={<Button onClick={onClose}>{t('preview.close')}</Button>}
      destroyOnHidden
    >
      <div className="flex flex-col gap-3" data-testid="template-preview">
        <Segmented
          aria-label={t('preview.width')}
          value={width}
          onChange={(v) => setWidth(v as keyof typeof WIDTHS)}
          options={[
            { value: 'phone', label: t('preview.phone'), icon: <MobileOutlined aria-hidden /> },
            { value: 'desktop', label: t('preview.desktop'), icon: <DesktopOutlined aria-hidden /> },
          ]}
        />
        {mail && (
          <p className="m-0 text-sm text-slate-700">
            <span className="font-semibold">{t('preview.subject')}:</span>{' '}
            <span data-testid="preview-subject">{previewSubject(mail.subject, values)}</span>
          </p>
        )}
        <div className="overflow-x-auto rounded-lg bg-slate-100 p-3">
          <iframe
            title={t('preview.frameTitle')}
            sandbox=""
            srcDoc={doc}
            style={{ width: WIDTHS[width], maxWidth: 'none', height: 560 }}
            className="mx-auto block rounded border border-slate-200 bg-white"
            data-testid="preview-frame"
            data-width={WIDTHS[width]}
          />
        </div>
      </div>
    </Modal>
  );
}
