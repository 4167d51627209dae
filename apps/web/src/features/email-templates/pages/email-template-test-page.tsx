import { ArrowLeftOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import type { EmailTemplateType, TEmailTemplateTestResult } from '@residency/shared/email-templates';
import { Alert, Button, Card, Input, Segmented, Select } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { useErrorText } from '../../../lib/server-error';
import { useSession } from '../../../lib/use-session';
import { useSendTestEmailMutation } from '../api';
import { sampleVariablesJson } from '../sample-values';
import { EMAIL_TEMPLATE_TYPES, isTemplateLanguage, isTemplateType, TEMPLATE_LANGUAGES, templatePaths, type TemplateLanguage } from '../template-types';
import { checkTestForm, type TestFormErrors } from '../test-form';

/**
 * Admin › Email templates › Send Test (spec section 2: `email-templates/test?type=`): sends one
 * booking e-mail, in the chosen language, filled with the sample booking or the admin's values.
 */
export default function EmailTemplateTestPage() {
  const { t, i18n } = useTranslation('email-templates');
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { user } = useSession();
  const [search, setSearch] = useSearchParams();
  const rawType = search.get('type');
  const type: EmailTemplateType = isTemplateType(rawType) ? rawType : EMAIL_TEMPLATE_TYPES[0];
  const rawLanguage = search.get('language');
  const [language, setLanguage] = useState<TemplateLanguage>(
    isTemplateLanguage(rawLanguage) ? rawLanguage : i18n.resolvedLanguage === 'bn' ? 'bn' : 'en',
  );
  const [to, setTo] = useState(user?.email ?? '');
  const [variables, setVariables] = useState('');
  const [errors, setErrors] = useState<TestFormErrors>({});
  const [result, setResult] = useState<{ ok: true; data: TEmailTemplateTestResult } | { ok: false; message: string } | null>(null);
  const [sendTest, { isLoading }] = useSendTestEmailMutation();
  const ids = { type: useId(), to: useId(), toError: useId(), language: useId(), variables: useId(), variablesHint: useId(), variablesError: useId() };

  const send = async () => {
    setResult(null);
    const checked = checkTestForm({ to, variables });
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(checked.errors.to ? ids.to : ids.variables)?.focus();
      return;
    }
    setErrors({});
    try {
      const answer = await sendTest({ type, to: checked.to, variables: checked.variables, language }).unwrap();
      setResult({ ok: true, data: answer.data });
    } catch (err) {
      setResult({ ok: false, message: errorText(err, t('test.failed')) });
    }
  };

  const languageName = (lng: TemplateLanguage) => t(`languages.${lng}`);

  return (
    <Card classNames={{ body: '!p-3 sm:!p-6' }}>
      <div className="mb-5 flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <ScreenHeading title={t('test.title')} subtitle={t('test.subtitle')} />
        <div className="flex flex-wrap gap-2">
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(templatePaths.list)}>
            {t('editor.back')}
          </Button>
          <Button icon={<EditOutlined aria-hidden />} onClick={() => navigate(templatePaths.edit(type, language))}>
            {t('test.editDesign')}
          </Button>
        </div>
      </div>

      <form
        noValidate
        className="flex max-w-2xl flex-col gap-5"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
        data-testid="template-test-form"
      >
        <div>
          <label htmlFor={ids.type} className="mb-1 block text-sm font-medium text-slate-800">
            {t('test.type')}
          </label>
          <Select
            id={ids.type}
            className="w-full"
            value={type}
            onChange={(next) => {
              setResult(null);
              setSearch(
                (current) => {
                  const params = new URLSearchParams(current);
                  params.set('type', next);
                  return params;
                },
                { replace: true },
              );
            }}
            options={EMAIL_TEMPLATE_TYPES.map((value) => ({ value, label: t(`types.${value}`) }))}
            data-testid="test-type"
          />
        </div>

        <div>
          <label htmlFor={ids.to} className="mb-1 block text-sm font-medium text-slate-800">
            {t('test.to')}
          </label>
          <Input
            id={ids.to}
            type="email"
            autoComplete="email"
            value={to}
            placeholder={t('test.toPlaceholder')}
            status={errors.to ? 'error' : undefined}
            aria-invalid={!!errors.to}
            aria-describedby={errors.to ? ids.toError : undefined}
            onChange={(e) => {
              setTo(e.target.value);
              setErrors((prev) => ({ ...prev, to: undefined }));
            }}
            data-testid="test-to"
          />
          {errors.to && (
            <div id={ids.toError} className="mt-1 text-sm text-red-700" role="alert">
              {t(`test.errors.${errors.to}`)}
            </div>
          )}
        </div>

        <div>
          <span id={ids.language} className="mb-1 block text-sm font-medium text-slate-800">
            {t('test.language')}
          </span>
          <Segmented
            aria-labelledby={ids.language}
            value={language}
            onChange={(v) => setLanguage(v as TemplateLanguage)}
            options={TEMPLATE_LANGUAGES.map((lng) => ({ value: lng, label: languageName(lng) }))}
            data-testid="test-language"
          />
        </div>

        <div>
          <div className="mb-1 flex flex-wrap items-end justify-between gap-2">
            <label htmlFor={ids.variables} className="block text-sm font-medium text-slate-800">
              {t('test.variables')}
            </label>
            <Button size="small" onClick={() => setVariables(sampleVariablesJson(type))}>
              {t('test.fillSamples')}
            </Button>
          </div>
          <Input.TextArea
            id={ids.variables}
            value={variables}
            autoSize={{ minRows: 4, maxRows: 14 }}
            spellCheck={false}
            className="!font-mono !text-sm"
            status={errors.variables ? 'error' : undefined}
            aria-invalid={!!errors.variables}
            aria-describedby={errors.variables ? `${ids.variablesError} ${ids.variablesHint}` : ids.variablesHint}
            onChange={(e) => {
              setVariables(e.target.value);
              setErrors((prev) => ({ ...prev, variables: undefined }));
            }}
            data-testid="test-variables"
          />
          {errors.variables && (
            <div id={ids.variablesError} className="mt-1 text-sm text-red-700" role="alert">
              {t(`test.errors.${errors.variables}`)}
            </div>
          )}
          <p id={ids.variablesHint} className="mt-1 mb-0 text-xs text-slate-600">
            {t('test.variablesHint')}
          </p>
        </div>

        <div>
          <Button type="primary" htmlType="submit" icon={<SendOutlined aria-hidden />} loading={isLoading} data-testid="test-send">
            {t('test.send')}
          </Button>
        </div>

        <div aria-live="polite">
          {result?.ok && (
            <Alert
              type="success"
              showIcon
              // antd derives a muddy tint from the theme's dark green: the usual light one instead.
              className="!border-green-200 !bg-green-50"
              data-testid="test-result"
              title={t('test.sent', { to: result.data.to })}
              description={
                <>
                  <div>{t('test.sentSubject', { subject: result.data.subject })}</div>
                  <div>{t(result.data.source === 'saved' ? 'test.sourceSaved' : 'test.sourceDefault', { language: languageName(language) })}</div>
                </>
              }
            />
          )}
          {result && !result.ok && <Alert type="error" showIcon title={result.message} data-testid="test-result" />}
        </div>
      </form>
    </Card>
  );
}
