import type { TGuestCard, TGuestRegistration } from '@residency/shared';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatNumber } from '../../../lib/format';
import { FOREIGN_FIELDS, TEXT_FIELDS } from '../card-model';
import { PhotoSlot } from './photo-slot';

const DATES = new Set(['dateOfBirth', 'visaExpiry', 'enteredBangladesh']);

/**
 * The cards as kept (after check-in the guest reads them, the desk keeps them): each guest's
 * details and photos, nothing to change.
 */
export function ReadOnlyCards({ registration, countryName }: { registration: TGuestRegistration; countryName: (code: string) => string }) {
  const { t, i18n } = useTranslation('guest-register');
  const lng = i18n.resolvedLanguage ?? 'en';
  const valueOf = (card: TGuestCard, field: string): string => {
    const value = (card as unknown as Record<string, string | null>)[field];
    if (!value) return '—';
    if (DATES.has(field)) return formatLongDate(value, lng);
    if (field === 'nationality' || field === 'passportCountry') return countryName(value);
    if (field === 'idType') return t(`idTypes.${value}`);
    return value;
  };
  if (registration.guests.length === 0) return <p className="m-0 text-slate-700">{t('readOnly.none')}</p>;
  let adults = 0;
  let children = 0;
  return (
    <div className="flex flex-col gap-4">
      {registration.guests.map((card) => {
        const number = card.kind === 'adult' ? (adults += 1) : (children += 1);
        const title = card.kind === 'adult' ? t('card.title', { n: number }) : t('child.title', { n: number });
        const foreign = card.nationality !== null && card.nationality !== 'BD';
        const fields = card.kind === 'adult' ? [...TEXT_FIELDS, ...(foreign ? FOREIGN_FIELDS : [])] : ['fullName'];
        return (
          <section key={card._id} aria-label={title} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-testid="guest-card-read">
            <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
              <h3 className="m-0 text-base font-semibold text-slate-900">
                {title}
                {card.fullName && <span className="font-normal text-slate-700"> · {card.fullName}</span>}
              </h3>
              {card.erased ? (
                <Tag className="!m-0">{t('readOnly.erased')}</Tag>
              ) : card.missing.length === 0 ? (
                <Tag color="green" className="!m-0 !text-green-800" data-testid="card-status">
                  {t('card.complete')}
                </Tag>
              ) : (
                <Tag color="gold" className="!m-0 !text-amber-900" data-testid="card-status">
                  {t('card.incomplete')}
                </Tag>
              )}
            </div>
            {!card.erased && (
              <>
                <Descriptions
                  size="small"
                  bordered
                  column={{ xs: 1, sm: 2 }}
                  items={[
                    ...fields.map((field) => ({ key: field, label: t(`fields.${field === 'idNumber' && card.idType === 'passport' ? 'passportNumber' : field}`), children: valueOf(card, field) })),
                    ...(card.kind === 'child' ? [{ key: 'age', label: t('fields.age'), children: card.age === null ? '—' : formatNumber(card.age, lng) }] : []),
                  ]}
                />
                {card.visaExpiresBeforeCheckOut && (
                  <p role="note" className="m-0 mt-2 text-sm font-medium text-amber-900" data-testid="visa-warning">
                    {t('card.visaEnds', { expiry: formatLongDate(card.visaExpiry!, lng), checkOut: formatLongDate(registration.checkOut, lng) })}
                  </p>
                )}
                {card.kind === 'adult' && (
                  <div className="mt-3 grid gap-3 sm:grid-cols-2">
                    <PhotoSlot bookingId={registration.bookingId} cardId={card._id} kind="document" photo={card.photos.document} guest={card.fullName ?? title} readOnly ensureCard={async () => card._id} />
                    <PhotoSlot bookingId={registration.bookingId} cardId={card._id} kind="portrait" photo={card.photos.portrait} guest={card.fullName ?? title} readOnly ensureCard={async () => card._id} />
                  </div>
                )}
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}
