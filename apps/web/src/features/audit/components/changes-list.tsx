import type { TAuditRecord } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatLongDate, formatNumber } from '../../../lib/format';
import { changedFields, valueView } from '../audit-values';

/** One value as the reader reads it: "—" for none, the translated words for a hidden or shortened one. */
function Value({ value }: { value: unknown }) {
  const { t, i18n } = useTranslation('audit');
  const lng = i18n.resolvedLanguage ?? 'en';
  const view = valueView(value);
  switch (view.kind) {
    case 'none':
      return <span className="text-slate-500">—</span>;
    case 'hidden':
      return <em className="text-slate-600">{t('changes.hidden')}</em>;
    case 'omitted':
      return <em className="text-slate-600">{t('changes.omitted', { count: view.length, n: formatNumber(view.length, lng) })}</em>;
    case 'yes-no':
      return <span>{t(view.value ? 'changes.yes' : 'changes.no')}</span>;
    case 'number':
      return <span>{formatNumber(view.value, lng)}</span>;
    case 'moment':
      return <span>{formatDateTime(view.value, lng)}</span>;
    case 'day':
      return <span>{formatLongDate(view.value, lng)}</span>;
    default:
      // Texts are the record's own words (names, codes, e-mails): as they were written.
      return <span className="break-all whitespace-pre-wrap">{view.value}</span>;
  }
}

/**
 * A record's fields, each "before → after" (a creation has no before, a deletion no after: "—").
 * Field names stay the database's, as the CSV writes them: the same words in both, for the
 * admin who compares them.
 */
export function ChangesList({ changes }: { changes: TAuditRecord['changes'] }) {
  const { t } = useTranslation('audit');
  const fields = changedFields(changes);
  if (fields.length === 0) return <p className="m-0 text-sm text-slate-600">{t('changes.none')}</p>;
  return (
    <dl className="m-0 grid grid-cols-1 gap-x-3 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_minmax(0,1fr)]" data-testid="audit-changes">
      {fields.map(({ field, before, after }) => (
        <div key={field} className="contents" data-testid={`audit-change-${field}`}>
          <dt className="font-mono text-xs break-all text-slate-700 sm:pt-0.5">{field}</dt>
          <dd className="m-0 mb-1 min-w-0 text-slate-900 sm:mb-0">
            <Value value={before} />
            <span aria-hidden className="mx-1.5 text-slate-500">
              →
            </span>
            <span className="sr-only"> {t('changes.arrow')} </span>
            <Value value={after} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
