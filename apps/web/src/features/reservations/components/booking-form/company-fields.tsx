import { useTranslation } from 'react-i18next';
import { Field } from './booking-field';

/** The company on the VAT invoice (Mushak-6.3), when a company pays: its name and BIN, both optional. */
export function CompanyFields({
  name,
  bin,
  binInvalid,
  onName,
  onBin,
}: {
  name: string;
  bin: string;
  binInvalid: boolean;
  onName: (value: string) => void;
  onBin: (value: string) => void;
}) {
  const { t } = useTranslation('booking');
  return (
    <fieldset className="rounded-xl p-3 ring-1 ring-slate-200" data-testid="company-fields">
      <legend className="px-1 font-medium text-brand-900">{t('rooms.company.title')}</legend>
      <p className="text-sm text-slate-600">{t('rooms.company.hint')}</p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <Field label={t('rooms.company.name')}>
          {(props) => <input {...props} name="companyName" autoComplete="organization" maxLength={120} value={name} onChange={(e) => onName(e.target.value)} />}
        </Field>
        <Field label={t('rooms.company.bin')} hint={t('rooms.company.binHint')} error={binInvalid ? t('rooms.company.binInvalid') : undefined}>
          {(props) => <input {...props} name="companyBin" inputMode="numeric" maxLength={13} value={bin} onChange={(e) => onBin(e.target.value)} />}
        </Field>
      </div>
    </fieldset>
  );
}
