import { EyeOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import type { TLanguage } from '@residency/shared/event-kinds';
import { SMS_SEGMENTS_WARN, SMS_TEMPLATE_MAX, SMS_TEMPLATE_TYPES, smsLength, type TSmsPreview, type TSmsTemplate } from '@residency/shared/sms';
import { Alert, App, Button, Card, Input, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { useErrorText } from '../../../lib/server-error';
import { useGetSmsTemplatesQuery, usePreviewSmsMutation, useResetSmsTemplateMutation, useSaveSmsTemplateMutation } from '../api';

const LANGUAGES: TLanguage[] = ['en', 'bn'];

/**
 * Admin › SMS templates (issue 34): each SMS type in English and Bengali, plain text with
 * `{{variables}}` (listed, a click inserts one), a live count of characters and SMS segments
 * that warns above two, a preview with sample values, and a reset to the built-in text.
 */
export default function SmsTemplatesPage() {
  const { t } = useTranslation('sms');
  const { data, isLoading, isError, error, refetch } = useGetSmsTemplatesQuery();
  const templates = data?.data ?? [];

  return (
    <div className="flex flex-col gap-4">
      <Card size="small" className="!px-1 sm:!px-3">
        <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
      </Card>
      {isError && <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}
      {isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : (
        <ul className="m-0 flex list-none flex-col gap-4 p-0" aria-label={t('listLabel')}>
          {SMS_TEMPLATE_TYPES.map((type) => (
            <li key={type}>
              <Card title={<h2 className="m-0 text-base font-semibold">{t(`types.${type}`)}</h2>} size="small">
                <p className="mt-0 mb-3 text-sm text-slate-600">{t(`hints.${type}`, { slot: type === 'PHONE_CODE' ? '{{code}}' : '{{checkInUrl}}' })}</p>
                <div className="grid gap-4 xl:grid-cols-2">
                  {LANGUAGES.map((language) => {
                    const template = templates.find((x) => x.type === type && x.language === language);
                    return template ? <TemplateEditor key={`${type}-${language}-${template.updatedAt ?? 'default'}`} template={template} onSaved={refetch} /> : null;
                  })}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TemplateEditor({ template, onSaved }: { template: TSmsTemplate; onSaved: () => void }) {
  const { t } = useTranslation('sms');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const id = useId();
  const [body, setBody] = useState(template.body);
  const [preview, setPreview] = useState<TSmsPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement | null>(null);
  const [save, saving] = useSaveSmsTemplateMutation();
  const [reset, resetting] = useResetSmsTemplateMutation();
  const [previewSms, previewing] = usePreviewSmsMutation();
  const length = smsLength(body);
  const tooLong = length.segments > SMS_SEGMENTS_WARN;
  const changed = body !== template.body;
  const { type, language } = template;

  useEffect(() => setPreview(null), [body]);

  const insert = (name: string) => {
    const el = area.current;
    const slot = `{{${name}}}`;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    setBody(body.slice(0, start) + slot + body.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + slot.length, start + slot.length);
    });
  };

  const onSave = async () => {
    setProblem(null);
    try {
      await save({ type, language, body }).unwrap();
      message.success(t('saved'), 3);
      onSaved();
    } catch (error) {
      setProblem(errorText(error, t('saveFailed')));
    }
  };
  const onReset = async () => {
    setProblem(null);
    try {
      await reset({ type, language }).unwrap();
      message.success(t('resetDone'), 3);
      onSaved();
    } catch (error) {
      setProblem(errorText(error, t('saveFailed')));
    }
  };
  const onPreview = async () => {
    setProblem(null);
    try {
      setPreview((await previewSms({ type, language, body }).unwrap()).data);
    } catch (error) {
      setProblem(errorText(error, t('previewFailed')));
    }
  };

  return (
    <section className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-3" aria-labelledby={`${id}-label`} data-testid={`sms-${type}-${language}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label id={`${id}-label`} htmlFor={`${id}-body`} className="font-medium">
          {t(`languages.${language}`)}
        </label>
        <Tag color={template.customised ? 'blue' : 'default'}>{template.customised ? t('customised') : t('builtIn')}</Tag>
      </div>
      <Input.TextArea
        id={`${id}-body`}
        ref={(node) => {
          area.current = node?.resizableTextArea?.textArea ?? null;
        }}
        value={body}
        onChange={(e) => setBody(e.target.value)}
        autoSize={{ minRows: 3, maxRows: 8 }}
        maxLength={SMS_TEMPLATE_MAX}
        lang={language}
        aria-describedby={`${id}-count`}
        data-testid="sms-body"
      />
      <p id={`${id}-count`} className={`m-0 text-xs ${tooLong ? 'font-semibold text-red-700' : 'text-slate-600'}`} aria-live="polite" data-testid="sms-count">
        {t('count', { characters: length.characters, segments: length.segments, perSegment: length.perSegment, encoding: length.encoding })}
      </p>
      {tooLong && <Alert type="warning" showIcon title={t('tooLong', { n: SMS_SEGMENTS_WARN })} />}
      <div className="flex flex-wrap gap-1" aria-label={t('variables')} role="group">
        {template.variables.map((name) => (
          <Button key={name} size="small" onClick={() => insert(name)} aria-label={t('insert', { name })}>
            {`{{${name}}}`}
          </Button>
        ))}
      </div>
      {problem && <Alert type="error" showIcon title={problem} />}
      {preview && (
        <div className="rounded-md bg-slate-50 p-2 text-sm" data-testid="sms-preview">
          <Typography.Text type="secondary" className="block text-xs">
            {t('previewTitle', { segments: preview.length.segments, characters: preview.length.characters, encoding: preview.length.encoding })}
          </Typography.Text>
          <p className="m-0 break-words whitespace-pre-wrap" lang={language}>
            {preview.text}
          </p>
        </div>
      )}
      <Space wrap>
        <Button type="primary" icon={<SaveOutlined aria-hidden />} onClick={onSave} loading={saving.isLoading} disabled={!changed || body.trim() === ''}>
          {t('save')}
        </Button>
        <Button icon={<EyeOutlined aria-hidden />} onClick={onPreview} loading={previewing.isLoading}>
          {t('preview')}
        </Button>
        {template.customised && (
          <Popconfirm title={t('resetConfirm')} okText={t('reset')} cancelText={t('cancel')} onConfirm={onReset}>
            <Button icon={<UndoOutlined aria-hidden />} loading={resetting.isLoading}>
              {t('reset')}
            </Button>
          </Popconfirm>
        )}
      </Space>
    </section>
  );
}
