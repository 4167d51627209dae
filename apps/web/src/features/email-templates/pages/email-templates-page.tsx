import { EditOutlined, PlusOutlined, SearchOutlined, SendOutlined } from '@ant-design/icons';
import type { TEmailTemplateState, TEmailTemplateSummary } from '@residency/shared/email-templates';
import { Button, Card, Empty, Input, Skeleton, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGetEmailTemplatesQuery } from '../api';
import { TEMPLATE_LANGUAGES, templatePaths, type TemplateLanguage } from '../template-types';

/**
 * Admin › Email Templates (spec section 2): a card for each of the four booking e-mails with,
 * per language, its subject, active or not, when it was updated, and Create (nothing saved yet)
 * or Edit; Send Test; a search over names, types and subjects.
 */
export default function EmailTemplatesPage() {
  const { t } = useTranslation('email-templates');
  const [search, setSearch] = useState('');
  // The spec's list-search debounce (400 ms).
  const term = useDebouncedValue(search.trim().toLowerCase());
  const { data, isLoading, isError, error, refetch } = useGetEmailTemplatesQuery();

  const rows = useMemo(
    () =>
      (data?.data ?? []).filter((row) => {
        if (!term) return true;
        const words = [row.type, t(`types.${row.type}`), t(`typeHints.${row.type}`), row.languages.en.subject, row.languages.bn.subject];
        return words.some((w) => w.toLowerCase().includes(term));
      }),
    [data, term, t],
  );

  return (
    <div className="flex flex-col gap-4">
      <Card size="small" className="!px-1 sm:!px-3">
        <div className="flex flex-col gap-3 py-1 md:flex-row md:items-center md:justify-between">
          <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            className="w-full md:!w-72"
            data-testid="templates-search"
          />
        </div>
      </Card>

      {isError && <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      {isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : rows.length === 0 && !isError ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')} />
        </Card>
      ) : (
        <ul className="m-0 grid list-none gap-4 p-0 lg:grid-cols-2" aria-label={t('listLabel')}>
          {rows.map((row) => (
            <li key={row.type}>
              <TemplateCard row={row} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TemplateCard({ row }: { row: TEmailTemplateSummary }) {
  const { t } = useTranslation('email-templates');
  const navigate = useNavigate();
  const typeName = t(`types.${row.type}`);
  return (
    <Card size="small" className="h-full" data-testid={`template-${row.type}`} styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%' } }}>
      <div>
        <h3 className="m-0 text-base font-semibold text-slate-900">{typeName}</h3>
        <div className="font-mono text-xs break-all text-slate-600">{row.type}</div>
        <p className="mt-1 mb-0 text-sm text-slate-700">{t(`typeHints.${row.type}`)}</p>
      </div>
      <dl className="m-0 flex flex-col gap-3">
        {TEMPLATE_LANGUAGES.map((lng) => (
          <LanguageRow key={lng} type={row.type} typeName={typeName} language={lng} state={row.languages[lng]} />
        ))}
      </dl>
      <div className="mt-auto flex justify-end border-t border-slate-100 pt-3">
        <Button icon={<SendOutlined aria-hidden />} onClick={() => navigate(templatePaths.test(row.type))} aria-label={t('card.sendTestLabel', { type: typeName })}>
          {t('card.sendTest')}
        </Button>
      </div>
    </Card>
  );
}

function LanguageRow({
  type,
  typeName,
  language,
  state,
}: {
  type: TEmailTemplateSummary['type'];
  typeName: string;
  language: TemplateLanguage;
  state: TEmailTemplateState;
}) {
  const { t, i18n } = useTranslation('email-templates');
  const navigate = useNavigate();
  const uiLanguage = i18n.resolvedLanguage ?? 'en';
  const languageName = t(`languages.${language}`);
  const status = !state.saved ? 'builtIn' : state.isActive ? 'active' : 'inactive';
  return (
    <div className="rounded-lg border border-slate-200 p-3" data-testid={`template-${type}-${language}`}>
      <dt className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium text-slate-900">{languageName}</span>
        <Tag
          color={status === 'active' ? 'green' : status === 'inactive' ? 'orange' : 'default'}
          className={`!m-0 ${status === 'active' ? '!text-green-800' : status === 'inactive' ? '!text-orange-800' : ''}`}
          data-testid="template-status"
        >
          {t(`card.${status}`)}
        </Tag>
      </dt>
      <dd className="m-0 mt-2 flex flex-col gap-1 text-sm">
        <span className="text-slate-600">{t('card.subject')}</span>
        <span className="break-words text-slate-900" data-testid="template-subject" lang={language}>
          {state.subject}
        </span>
        <span className="text-xs text-slate-600">
          {state.updatedAt ? t('card.updated', { date: formatDateTime(state.updatedAt, uiLanguage) }) : t('card.builtInHint')}
        </span>
        {status === 'inactive' && <span className="text-xs text-slate-600">{t('card.inactiveHint')}</span>}
        <div className="mt-1">
          {state.saved ? (
            <Button size="small" icon={<EditOutlined aria-hidden />} onClick={() => navigate(templatePaths.edit(type, language))} aria-label={t('card.editLabel', { type: typeName, language: languageName })}>
              {t('card.edit')}
            </Button>
          ) : (
            <Button size="small" type="primary" ghost icon={<PlusOutlined aria-hidden />} onClick={() => navigate(templatePaths.create(type, language))} aria-label={t('card.createLabel', { type: typeName, language: languageName })}>
              {t('card.create')}
            </Button>
          )}
        </div>
      </dd>
    </div>
  );
}
