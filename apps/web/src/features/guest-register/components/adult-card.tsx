import { WarningFilled } from '@ant-design/icons';
import { ID_TYPES, type TGuestCard } from '@residency/shared';
import { Alert, Form, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatLongDate } from '../../../lib/format';
import { FOREIGN_FIELDS, idTypeProblem, isForeign, missingOf, visaWarning, type CardDraft, type DraftField } from '../card-model';
import { CardField, ChoiceInput, TextInput } from './card-fields';
import { CopyFromStay } from './copy-from-stay';
import { PhoneCheck } from './phone-check';
import { PhotoSlot } from './photo-slot';

export interface CardContext {
  bookingId: string;
  checkIn: string;
  checkOut: string;
  countries: { value: string; label: string }[];
  /** The desk may look a card up by document number; a guest copies their own earlier stay. */
  audience: 'desk' | 'guest';
}

interface Props {
  draft: CardDraft;
  /** 1, 2, …: "Guest 1". */
  number: number;
  /** The card as saved (its photos). */
  saved: TGuestCard | undefined;
  errors: Partial<Record<string, string>>;
  context: CardContext;
  onChange: (change: Partial<CardDraft>) => void;
  onCopy: (copy: CardDraft) => void;
  ensureCard: () => Promise<string | null>;
}

/**
 * An adult's registration card (issue 34, the DMP directive's fields): who they are, their ID
 * document, why they come and where they go; a foreigner's passport and visa, with a warning
 * when the visa ends before check-out; the photos of the document and of the guest. What the card
 * still lacks is listed under its title, by the rule check-in applies.
 */
export function AdultCard({ draft, number, saved, errors, context, onChange, onCopy, ensureCard }: Props) {
  const { t, i18n } = useTranslation('guest-register');
  const lng = i18n.resolvedLanguage ?? 'en';
  const id = (field: string) => `${draft.key}-${field}`;
  const foreign = isForeign(draft);
  const photos = { document: Boolean(saved?.photos.document), portrait: Boolean(saved?.photos.portrait) };
  const missing = missingOf(draft, photos, context.checkIn);
  const complete = missing.length === 0;
  const guest = draft.fullName.trim() || t('card.guest', { n: number });
  const problem = idTypeProblem(draft, context.checkIn);
  const visaEnds = visaWarning(draft, context.checkOut);
  const headingId = `${draft.key}-title`;

  const text = (field: DraftField, props: Partial<Parameters<typeof TextInput>[0]> = {}, className?: string, label = t(`fields.${field}`)) => (
    <CardField id={id(field)} label={label} error={errors[field]} className={className}>
      <TextInput id={id(field)} value={draft[field]} onChange={(value) => onChange({ [field]: value })} invalid={Boolean(errors[field])} {...props} />
    </CardField>
  );

  const setNationality = (nationality: string) => {
    const change: Partial<CardDraft> = { nationality };
    // A foreigner shows a passport: chosen for them, and its country is usually theirs.
    if (nationality && nationality !== 'BD') {
      if (!draft.idType) change.idType = 'passport';
      if (!draft.passportCountry) change.passportCountry = nationality;
    }
    onChange(change);
  };

  const idTypes = ID_TYPES.map((type) => ({ value: type, label: t(`idTypes.${type}`) }));

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-testid="guest-card" data-complete={complete}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="m-0 text-base font-semibold text-slate-900">
          {t('card.title', { n: number })}
          {draft.fullName.trim() && <span className="font-normal text-slate-700"> · {draft.fullName.trim()}</span>}
        </h3>
        {complete ? (
          <Tag color="green" className="!m-0 !text-green-800" data-testid="card-status">
            {t('card.complete')}
          </Tag>
        ) : (
          <Tag color="gold" className="!m-0 !text-amber-900" data-testid="card-status">
            {t('card.incomplete')}
          </Tag>
        )}
      </div>
      {!complete && (
        <p className="m-0 mb-3 text-sm text-slate-700" data-testid="card-missing">
          <span className="font-medium">{t('card.missing')}</span> {missing.map((m) => t(`fields.${m}`)).join(', ')}
        </p>
      )}

      <CopyFromStay bookingId={context.bookingId} kind="adult" idNumber={context.audience === 'desk' ? draft.idNumber : ''} audience={context.audience} onUse={(copy) => onCopy(copy)} />

      <Form layout="vertical" component={false}>
        <div className="grid gap-x-4 sm:grid-cols-2">
          {text('fullName', { autoComplete: 'off', maxLength: 100 })}
          {text('guardianName', { autoComplete: 'off', maxLength: 100 })}
          {text('address', { autoComplete: 'off', maxLength: 300 }, 'sm:col-span-2')}
          <CardField id={id('nationality')} label={t('fields.nationality')} error={errors.nationality}>
            <ChoiceInput
              id={id('nationality')}
              value={draft.nationality}
              onChange={setNationality}
              options={context.countries}
              placeholder={t('card.choose')}
              invalid={Boolean(errors.nationality)}
              search
            />
          </CardField>
          {text('dateOfBirth', { type: 'date', max: context.checkIn })}
          <div>
            {text('phone', { type: 'tel', inputMode: 'tel', autoComplete: 'off', maxLength: 30 })}
            {context.audience === 'desk' && <PhoneCheck bookingId={context.bookingId} saved={saved} draftPhone={draft.phone} fieldId={id('phone')} />}
          </div>
          <CardField
            id={id('idType')}
            label={t('fields.idType')}
            error={errors.idType ?? (problem ? t(`card.idProblem.${problem}`) : undefined)}
          >
            <ChoiceInput id={id('idType')} value={draft.idType} onChange={(idType) => onChange({ idType })} options={idTypes} placeholder={t('card.choose')} invalid={Boolean(errors.idType || problem)} />
          </CardField>
          {text('idNumber', { autoComplete: 'off', maxLength: 40 }, undefined, draft.idType === 'passport' ? t('fields.passportNumber') : t('fields.idNumber'))}
          {text('purpose', { maxLength: 200 })}
          {text('arrivingFrom', { maxLength: 200 })}
          {text('goingTo', { maxLength: 200 })}
        </div>

        {foreign && (
          <fieldset className="m-0 mt-1 mb-3 min-w-0 rounded-lg border border-sky-200 bg-sky-50/60 p-3" data-testid="foreign-fields">
            <legend className="px-1 text-sm font-semibold text-slate-900">{t('card.foreign')}</legend>
            <div className="grid gap-x-4 sm:grid-cols-2">
              <CardField id={id('passportCountry')} label={t('fields.passportCountry')} error={errors.passportCountry}>
                <ChoiceInput
                  id={id('passportCountry')}
                  value={draft.passportCountry}
                  onChange={(passportCountry) => onChange({ passportCountry })}
                  options={context.countries}
                  placeholder={t('card.choose')}
                  invalid={Boolean(errors.passportCountry)}
                  search
                />
              </CardField>
              {FOREIGN_FIELDS.filter((f) => f !== 'passportCountry').map((field) => (
                <div key={field} className="min-w-0">
                  {text(field, field === 'visaExpiry' || field === 'enteredBangladesh' ? { type: 'date' } : { maxLength: field === 'visaType' ? 60 : 40 })}
                </div>
              ))}
            </div>
            {visaEnds && (
              <Alert
                type="warning"
                showIcon
                icon={<WarningFilled aria-hidden />}
                role="alert"
                data-testid="visa-warning"
                title={t('card.visaEnds', { expiry: formatLongDate(draft.visaExpiry, lng), checkOut: formatLongDate(context.checkOut, lng) })}
                description={context.audience === 'desk' ? t('card.visaEndsDesk') : t('card.visaEndsGuest')}
              />
            )}
          </fieldset>
        )}
      </Form>

      <div className="grid gap-3 sm:grid-cols-2">
        <PhotoSlot bookingId={context.bookingId} cardId={draft.id} kind="document" photo={saved?.photos.document ?? null} guest={guest} ensureCard={ensureCard} />
        <PhotoSlot bookingId={context.bookingId} cardId={draft.id} kind="portrait" photo={saved?.photos.portrait ?? null} guest={guest} ensureCard={ensureCard} />
      </div>
    </section>
  );
}
