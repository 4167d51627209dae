import { useTranslation } from 'react-i18next';
import { Field } from './booking-field';

/**
 * The stay's phone, address and airport shuttle, as every booking form asks them: the guest's
 * own (one room, several rooms) and the desk's for a walk-in (`desk`: no autofill from the desk's
 * browser, the shuttle's hint for the desk).
 */
export function StayContactFields({
  desk = false,
  phone,
  address,
  shuttle,
  phoneError,
  onPhone,
  onAddress,
  onShuttle,
}: {
  desk?: boolean;
  phone: string;
  address: string;
  shuttle: boolean;
  phoneError?: string | false;
  onPhone: (value: string) => void;
  onAddress: (value: string) => void;
  onShuttle: (value: boolean) => void;
}) {
  const { t } = useTranslation('booking');
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('form.phone')} error={phoneError}>
          {(props) => <input {...props} name="phone" type="tel" autoComplete={desk ? 'off' : 'tel'} value={phone} onChange={(e) => onPhone(e.target.value)} />}
        </Field>
        <Field label={t('form.address')}>
          {(props) => (
            <input {...props} name="address" autoComplete={desk ? 'off' : 'street-address'} maxLength={300} value={address} onChange={(e) => onAddress(e.target.value)} />
          )}
        </Field>
      </div>
      <label className="flex cursor-pointer items-start gap-3 rounded-xl bg-sand-50 p-3 ring-1 ring-slate-200">
        <input type="checkbox" name="airportShuttle" className="mt-1 h-4 w-4 accent-brand-800" checked={shuttle} onChange={(e) => onShuttle(e.target.checked)} />
        <span>
          <span className="block font-medium text-brand-900">{t('form.shuttle')}</span>
          <span className="block text-sm text-slate-600">{desk ? t('form.shuttleHintDesk') : t('form.shuttleHint')}</span>
        </span>
      </label>
    </>
  );
}
