import { ZContactRequest } from '@residency/shared/contact';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/http';
import { getSite, siteAddress } from '../../../lib/site';
import { readerDigits } from '../../../lib/format';
import { sendContactMessage } from '../api';
import { useErrorText } from '../../../lib/server-error';

const FIELDS = ['name', 'email', 'phone', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const EMPTY: Values = { name: '', email: '', phone: '', subject: '', message: '' };

const isField = (value: unknown): value is Field => FIELDS.includes(value as Field);

/** Contact details, about us, how to get here, and the contact form (`POST /api/contact`). */
export default function ContactPage() {
  const { t, i18n } = useTranslation('contact');
  const errorText = useErrorText();
  const site = getSite();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    document.title = `${t('meta.title')} | ${site.name}`;
  }, [t, site.name]);

  useEffect(() => {
    if (sentTo) successRef.current?.focus();
  }, [sentTo]);

  /** Moves the keyboard to the first field with an error, so it is read out and fixed first. */
  const focusFirstError = (next: Errors) => {
    const first = FIELDS.find((field) => next[field]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#contact-${first}`)?.focus();
  };

  const onChange = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    setFailure(null);
    const parsed = ZContactRequest.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (isField(field) && !next[field]) {
          // The schema's checks, in the reader's language; the schema's words if one is not translated.
          next[field] = t(`form.errors.${field}.${issue.code}`, { defaultValue: issue.message });
        }
      }
      setErrors(next);
      focusFirstError(next);
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await sendContactMessage(parsed.data);
      setSentTo(parsed.data.email);
      setValues(EMPTY);
    } catch (error) {
      if (error instanceof ApiError) {
        const next: Errors = {};
        for (const item of error.errors ?? []) {
          const field = item.path.split('.').pop();
          if (isField(field) && !next[field]) next[field] = item.message;
        }
        setErrors(next);
        // The server's own words when it answered; our words when it could not be reached.
        setFailure(typeof error.status === 'number' ? errorText(error, t('form.clientErrors.FETCH_ERROR')) : t(`form.clientErrors.${error.status}`));
        focusFirstError(next);
      } else {
        setFailure(t('form.clientErrors.FETCH_ERROR'));
      }
    } finally {
      setSending(false);
    }
  };

  const field = (name: Field, input: (props: FieldProps) => ReactNode, extra?: { optional?: boolean; hint?: string }) => {
    const id = `contact-${name}`;
    const error = errors[name];
    const describedBy = [extra?.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
    return (
      <div>
        <label htmlFor={id} className="field-label">
          {t(`form.${name}`)}
          {extra?.optional && <span className="font-normal text-slate-600"> {t('form.optional')}</span>}
        </label>
        {input({
          id,
          name,
          value: values[name],
          onChange: (e) => onChange(name, e.target.value),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy || undefined,
          // The sticky header must not hide a field or panel that receives focus.
          className: `field-input scroll-mt-28 ${error ? 'border-red-600' : ''}`,
        })}
        {extra?.hint && (
          <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
            {extra.hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
        <div className="container-page py-12 sm:py-16">
          <h1 className="font-display text-4xl sm:text-5xl">{t('title')}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{t('intro')}</p>
        </div>
      </div>

      {/* Reading order on a phone: details, form, directions, about; on wide screens the form sits beside them. */}
      <div className="container-page grid gap-10 py-12 sm:py-16 lg:grid-cols-[2fr_3fr] lg:gap-x-14">
        <section aria-labelledby="contact-details" className="lg:col-start-1">
          <h2 id="contact-details" className="font-display text-2xl text-brand-800">
            {t('details.title')}
          </h2>
          <ul className="mt-5 space-y-5">
            <Detail icon={<MapPinIcon />} label={t('details.address')}>
              {siteAddress(site, i18n.resolvedLanguage)}
            </Detail>
            <Detail icon={<PhoneIcon />} label={t('details.phone')}>
              <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className="font-medium text-brand-800 underline-offset-2 hover:underline">
                {readerDigits(site.phone, i18n.resolvedLanguage)}
              </a>
            </Detail>
            <Detail icon={<MailIcon />} label={t('details.email')}>
              <a href={`mailto:${site.email}`} className="font-medium break-all text-brand-800 underline-offset-2 hover:underline">
                {site.email}
              </a>
            </Detail>
            <Detail icon={<ClockIcon />} label={t('details.hours')}>
              {t('details.hoursText')}
            </Detail>
          </ul>
        </section>

        <section aria-labelledby="contact-form-title" className="card self-start sm:p-8 lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1">
          <h2 id="contact-form-title" className="font-display text-2xl text-brand-800">
            {t('form.title')}
          </h2>
          {sentTo ? (
            <div
              ref={successRef}
              tabIndex={-1}
              role="status"
              data-testid="contact-success"
              className="mt-6 scroll-mt-28 rounded-xl bg-brand-50 p-6 ring-1 ring-brand-200 focus:outline-none"
            >
              <p className="font-display text-xl text-brand-800">{t('form.success.title')}</p>
              <p className="mt-2 text-slate-700">{t('form.success.text', { email: sentTo })}</p>
              <button type="button" className="btn-outline mt-5" onClick={() => setSentTo(null)}>
                {t('form.success.again')}
              </button>
            </div>
          ) : (
            <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-2 space-y-5" data-testid="contact-form">
              <p className="text-slate-700">{t('form.intro')}</p>
              {failure && (
                <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
                  <p className="font-semibold">{t('form.failureTitle')}</p>
                  <p className="mt-1">{failure}</p>
                </div>
              )}
              <div className="grid gap-5 sm:grid-cols-2">
                {field('name', (p) => <input {...p} type="text" autoComplete="name" required maxLength={100} />)}
                {field('email', (p) => <input {...p} type="email" autoComplete="email" required maxLength={254} />)}
                {field('phone', (p) => <input {...p} type="tel" autoComplete="tel" maxLength={30} />, { optional: true })}
                {field('subject', (p) => <input {...p} type="text" required maxLength={150} />)}
              </div>
              {field('message', (p) => <textarea {...p} rows={6} required maxLength={5000} />, { hint: t('form.messageHint') })}
              <button type="submit" className="btn-primary w-full px-6 py-3 sm:w-auto" disabled={sending}>
                {sending ? t('form.sending') : t('form.submit')}
              </button>
            </form>
          )}
        </section>

        <section aria-labelledby="contact-directions" className="lg:col-start-1">
          <h2 id="contact-directions" className="font-display text-2xl text-brand-800">
            {t('directions.title')}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
            <p>{t('directions.airport')}</p>
            <p>{t('directions.pickup')}</p>
            <p>{t('directions.rideHailing')}</p>
          </div>
        </section>

        <section aria-labelledby="contact-about" className="rounded-2xl bg-brand-50 p-6 ring-1 ring-brand-100 lg:col-start-1">
          <h2 id="contact-about" className="font-display text-2xl text-brand-800">
            {t('about.title')}
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-slate-700">
            <p>{t('about.p1', { name: site.name })}</p>
            <p>{t('about.p2')}</p>
          </div>
        </section>
      </div>
    </>
  );
}

interface FieldProps {
  id: string;
  name: Field;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  className: string;
}

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="mt-0.5 inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-800 text-lg text-gold-300">
        {icon}
      </span>
      <div>
        <p className="text-sm text-slate-600">{label}</p>
        <p className="mt-0.5 text-slate-800">{children}</p>
      </div>
    </li>
  );
}
