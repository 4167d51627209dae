import { addDays } from '@residency/shared/dates';
import { EVENT_DAYS_AHEAD_MAX, EVENT_GUESTS_MAX, EVENT_LAYOUTS, EVENT_TYPES, FOOD_PREFERENCES, type TEventType, type TLanguage } from '@residency/shared/events';
import { EVENT_LAYOUT_LABELS, EVENT_TYPE_LABELS, FOOD_PREFERENCE_LABELS, labelOf } from '@residency/shared/request-labels';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useHotelToday } from '../../../components/stay/use-hotel-today';
import { ApiError } from '../../../lib/http';
import { useErrorText } from '../../../lib/server-error';
import { sendEventRequest } from '../send-event-request';
import {
  EMPTY_EVENT_FORM,
  EVENT_FORM_FIELDS,
  checkEventForm,
  nextRequestValues,
  serverFieldProblems,
  type EventFormField,
  type EventFormValues,
  type FieldProblem,
} from '../event-form-rules';
import { PreferenceImageField } from './preference-image-field';

type Errors = Partial<Record<EventFormField, string>>;

const fieldId = (field: EventFormField) => `event-${field}`;

interface Props {
  /** The type the page's `?type=` asks for; a change while the page is open selects it. */
  queryType?: TEventType;
}

/**
 * The request form of /events: contact details, the event (type, layout, date, times, guests,
 * food, wishes, an optional picture), checked with the shared contract before it is sent
 * (`POST /api/events`); then a confirmation with the reference in place of the form.
 */
export function EventRequestForm({ queryType }: Props) {
  const { t, i18n } = useTranslation('events');
  const lng: TLanguage = i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
  const errorText = useErrorText();
  const today = useHotelToday();
  const [values, setValues] = useState<EventFormValues>(() => ({ ...EMPTY_EVENT_FORM, eventType: queryType ?? '' }));
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ reference: string; email: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  // The menu's Corporate Meeting, Private Meeting and Wedding & Others lead here with ?type=: a
  // new one while the page is open selects its type (and brings the form back after a request).
  const [seenType, setSeenType] = useState(queryType);
  if (queryType !== seenType) {
    setSeenType(queryType);
    if (queryType) {
      setValues((current) => ({ ...current, eventType: queryType }));
      setErrors((current) => ({ ...current, eventType: undefined }));
      setSent(null);
    }
  }

  // Focus follows what replaced what: the confirmation when it appears; the event's type when
  // "Send another request" brings the form back (the contact details are kept).
  const again = useRef(false);
  useEffect(() => {
    if (sent) successRef.current?.focus();
    else if (again.current) {
      again.current = false;
      const form = formRef.current;
      (form?.querySelector<HTMLElement>('input[name=eventType]:checked') ?? form?.querySelector<HTMLElement>(`#${fieldId('eventType')}`))?.focus();
    }
  }, [sent]);

  const message = (problem: FieldProblem) => (problem.key ? t(problem.key, { defaultValue: problem.message }) : problem.message);

  /** Shows the problems and moves the keyboard to the first, so it is read out and fixed first. */
  const showProblems = (problems: FieldProblem[]) => {
    const next: Errors = {};
    for (const problem of problems) next[problem.field] ??= message(problem);
    setErrors(next);
    const first = EVENT_FORM_FIELDS.find((field) => next[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${fieldId(first)}`)?.focus();
  };

  const set = <F extends EventFormField>(field: F, value: EventFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || uploading) return;
    setFailure(null);
    const checked = checkEventForm(values, today, lng);
    if (!checked.body) {
      showProblems(checked.problems);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const created = await sendEventRequest(checked.body);
      setSent({ reference: created.reference, email: created.email });
      setValues(nextRequestValues(values, queryType));
    } catch (error) {
      if (error instanceof ApiError) {
        // The server's own words when it answered; ours when it could not be reached.
        setFailure(typeof error.status === 'number' ? errorText(error, t('form.failed')) : t(`form.clientErrors.${error.status}`));
        showProblems(serverFieldProblems(error.errors));
      } else {
        setFailure(t('form.clientErrors.FETCH_ERROR'));
      }
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <div
        ref={successRef}
        tabIndex={-1}
        role="status"
        data-testid="event-success"
        className="mt-6 scroll-mt-28 rounded-xl bg-brand-50 p-6 ring-1 ring-brand-200 focus:outline-none"
      >
        <p className="font-display text-xl text-brand-800">{t('form.success.title')}</p>
        <p className="mt-3 text-slate-700">{t('form.success.reference')}</p>
        <p className="mt-1 font-mono text-2xl font-semibold tracking-wide text-brand-900" data-testid="event-reference">
          {sent.reference}
        </p>
        <p className="mt-3 text-slate-700">{t('form.success.text', { email: sent.email })}</p>
        <button
          type="button"
          className="btn-outline mt-5"
          onClick={() => {
            again.current = true;
            setSent(null);
          }}
        >
          {t('form.success.again')}
        </button>
      </div>
    );
  }

  const describedBy = (field: EventFormField, hint?: boolean) =>
    [hint ? `${fieldId(field)}-hint` : null, errors[field] ? `${fieldId(field)}-error` : null].filter(Boolean).join(' ') || undefined;

  /** The props every text input, select and textarea of the form shares. */
  const inputProps = (field: Exclude<EventFormField, 'eventType' | 'foodPreference' | 'preferenceImage'>, hint = false) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': describedBy(field, hint),
    // The sticky header must not hide a field that receives focus.
    className: `field-input scroll-mt-28 ${errors[field] ? 'border-red-600' : ''}`,
  });

  const label = (field: EventFormField, optional = false) => (
    <label htmlFor={fieldId(field)} className="field-label">
      {t(`form.${field}`)}
      {optional && <span className="font-normal text-slate-600"> {t('form.optional')}</span>}
    </label>
  );

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-2 space-y-6" data-testid="event-form">
      <p className="text-slate-700">{t('form.intro')}</p>
      {failure && (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">{t('form.failureTitle')}</p>
          <p className="mt-1">{failure}</p>
        </div>
      )}

      <fieldset className="space-y-5">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-brand-700 uppercase [&:lang(bn)]:tracking-normal">{t('form.aboutYou')}</legend>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field field="name" error={errors.name}>
            {label('name')}
            <input {...inputProps('name')} type="text" autoComplete="name" maxLength={100} onChange={(e) => set('name', e.target.value)} />
          </Field>
          <Field field="email" error={errors.email}>
            {label('email')}
            <input {...inputProps('email')} type="email" autoComplete="email" maxLength={254} onChange={(e) => set('email', e.target.value)} />
          </Field>
          <Field field="phone" error={errors.phone}>
            {label('phone')}
            <input {...inputProps('phone')} type="tel" autoComplete="tel" maxLength={30} onChange={(e) => set('phone', e.target.value)} />
          </Field>
          <Field field="company" error={errors.company}>
            {label('company', true)}
            <input {...inputProps('company')} type="text" autoComplete="organization" maxLength={150} onChange={(e) => set('company', e.target.value)} />
          </Field>
        </div>
      </fieldset>

      <fieldset className="space-y-5">
        <legend className="mb-3 text-sm font-semibold tracking-wide text-brand-700 uppercase [&:lang(bn)]:tracking-normal">{t('form.aboutEvent')}</legend>
        <ChoiceGroup
          field="eventType"
          legend={t('form.eventType')}
          options={EVENT_TYPES.map((type) => ({ value: type, label: labelOf(EVENT_TYPE_LABELS, type, lng) }))}
          value={values.eventType}
          onChange={(type) => set('eventType', type)}
          error={errors.eventType}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field field="layout" error={errors.layout}>
            {label('layout')}
            <select {...inputProps('layout')} onChange={(e) => set('layout', e.target.value as EventFormValues['layout'])}>
              <option value="">{t('form.chooseLayout')}</option>
              {EVENT_LAYOUTS.map((layout) => (
                <option key={layout} value={layout}>
                  {labelOf(EVENT_LAYOUT_LABELS, layout, lng)}
                </option>
              ))}
            </select>
          </Field>
          <Field field="guestCount" error={errors.guestCount}>
            {label('guestCount')}
            <input
              {...inputProps('guestCount')}
              type="number"
              inputMode="numeric"
              min={1}
              max={EVENT_GUESTS_MAX}
              step={1}
              onChange={(e) => set('guestCount', e.target.value)}
            />
          </Field>
        </div>
        <div className="grid gap-5 sm:grid-cols-3">
          <Field field="date" error={errors.date}>
            {label('date')}
            <input {...inputProps('date')} type="date" min={today} max={addDays(today, EVENT_DAYS_AHEAD_MAX)} onChange={(e) => set('date', e.target.value)} />
          </Field>
          <Field field="startTime" error={errors.startTime}>
            {label('startTime')}
            <input {...inputProps('startTime')} type="time" onChange={(e) => set('startTime', e.target.value)} />
          </Field>
          <Field field="endTime" error={errors.endTime}>
            {label('endTime')}
            <input {...inputProps('endTime')} type="time" onChange={(e) => set('endTime', e.target.value)} />
          </Field>
        </div>
        <ChoiceGroup
          field="foodPreference"
          legend={t('form.foodPreference')}
          options={FOOD_PREFERENCES.map((food) => ({ value: food, label: labelOf(FOOD_PREFERENCE_LABELS, food, lng) }))}
          value={values.foodPreference}
          onChange={(food) => set('foodPreference', food)}
          error={errors.foodPreference}
        />
        <Field field="additionalRequirements" error={errors.additionalRequirements} hint={t('form.requirementsHint')}>
          {label('additionalRequirements', true)}
          <textarea {...inputProps('additionalRequirements', true)} rows={4} maxLength={2000} onChange={(e) => set('additionalRequirements', e.target.value)} />
        </Field>
        <PreferenceImageField
          id={fieldId('preferenceImage')}
          value={values.preferenceImage}
          onChange={(url) => set('preferenceImage', url)}
          onBusyChange={setUploading}
          error={errors.preferenceImage}
        />
      </fieldset>

      <div className="flex flex-col gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{t('form.privacy')}</p>
        <button type="submit" className="btn-primary w-full shrink-0 px-6 py-3 sm:w-auto" disabled={sending || uploading} data-testid="event-submit">
          {sending ? t('form.sending') : uploading ? t('form.waitForPicture') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}

/** A field's box: the label and control given as children, then its hint and its error. */
function Field({ field, error, hint, children }: { field: EventFormField; error?: string; hint?: string; children: ReactNode }) {
  const id = fieldId(field);
  return (
    <div>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * A choice of a few options as radio buttons drawn as pills: every option visible at once
 * (a type preselected by the menu is seen without opening anything). The first radio carries
 * the field's id, so a problem can move the keyboard to the group.
 */
function ChoiceGroup<V extends string>({
  field,
  legend,
  options,
  value,
  onChange,
  error,
}: {
  field: EventFormField;
  legend: string;
  options: { value: V; label: string }[];
  value: V | '';
  onChange: (value: V) => void;
  error?: string;
}) {
  const id = fieldId(field);
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} data-testid={`${id}-group`}>
      <legend className="field-label">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((option, i) => (
          <label key={option.value} className="cursor-pointer">
            <input
              type="radio"
              name={field}
              value={option.value}
              id={i === 0 ? id : undefined}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-invalid={error ? true : undefined}
              className="peer sr-only scroll-mt-28"
            />
            <span
              className={`inline-flex min-h-10 items-center rounded-full border px-4 py-2 text-sm font-medium transition-colors peer-checked:border-brand-800 peer-checked:bg-brand-800 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-500 ${
                error ? 'border-red-600 text-slate-800' : 'border-slate-300 bg-white text-slate-800 hover:border-brand-500'
              }`}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
