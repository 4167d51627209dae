import { SaveOutlined } from '@ant-design/icons';
import { ZGuestCardsPut, type TGuestRegistration } from '@residency/shared';
import { Alert, Button, Skeleton } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/dashboard/load-error';
import { formatNumber } from '../../../lib/format';
import { useGetGuestRegistrationQuery, useSaveGuestCardsMutation } from '../api';
import { countryOptions, draftsFor, fieldOfPath, inputOf, missingOf, type CardDraft } from '../card-model';
import { fieldErrorsOf, useRegisterErrorText } from '../use-register-error';
import { AdultCard, type CardContext } from './adult-card';
import { ChildLine } from './child-line';
import { ReadOnlyCards } from './read-only-cards';

/** What the form tells what sits under it (the desk's check-in). */
export interface RegisterFormState {
  registration: TGuestRegistration;
  /** Every card complete as the form stands (saved or not), by the rule check-in applies. */
  complete: boolean;
  /** Changes not saved yet. */
  dirty: boolean;
  saving: boolean;
  /** Saves the cards; resolves whether they were saved (a refusal is shown in the form). */
  save: () => Promise<boolean>;
}

interface Props {
  bookingId: string;
  audience: 'desk' | 'guest';
  /** Under the cards: the desk's check-in, given the form's state. */
  footer?: (state: RegisterFormState) => ReactNode;
  /** Above the cards when they can no longer be changed (the guest after check-in). */
  lockedNote?: ReactNode;
}

type Errors = Record<string, Partial<Record<string, string>>>;

/**
 * The registration cards of one room (issue 34): a card per adult, a line per child, as the
 * desk fills them at check-in and the guest before arrival. Save sends the whole list (a card
 * keeps its id, and with it its photos); a photo chosen for a card not saved yet saves the cards
 * first. Refusals are the server's words, field errors beside their fields. Cards that can no
 * longer be changed (the guest's, after check-in) are shown as kept.
 */
export function GuestRegisterForm({ bookingId, audience, footer, lockedNote }: Props) {
  const { t, i18n } = useTranslation('guest-register');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useRegisterErrorText();
  const { data, isLoading, isError, error, refetch } = useGetGuestRegistrationQuery(bookingId);
  const [saveCards, { isLoading: saving }] = useSaveGuestCardsMutation();
  const registration = data?.data;
  const countries = useMemo(() => countryOptions(lng), [lng]);
  const countryName = useMemo(() => {
    const names = new Map(countries.map((c) => [c.value, c.label]));
    return (code: string) => names.get(code) ?? code;
  }, [countries]);

  // The cards as edited; the ref is the same list for the saves and uploads running meanwhile.
  const [drafts, setDrafts] = useState<CardDraft[] | null>(null);
  const draftsRef = useRef<CardDraft[] | null>(null);
  const update = useCallback((next: (current: CardDraft[]) => CardDraft[]) => {
    draftsRef.current = next(draftsRef.current ?? []);
    setDrafts(draftsRef.current);
  }, []);
  // Each edit counts: a save clears "unsaved" only when nothing changed while it ran.
  const version = useRef(0);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState(false);

  useEffect(() => {
    if (registration && draftsRef.current === null) update(() => draftsFor(registration));
  }, [registration, update]);

  const change = (key: string, patch: Partial<CardDraft>) => {
    version.current += 1;
    setDirty(true);
    setSavedNote(false);
    update((current) => current.map((d) => (d.key === key ? { ...d, ...patch } : d)));
    // The field's error goes when it is changed.
    setErrors((current) => {
      const own = current[key];
      if (!own) return current;
      const rest = { ...own };
      for (const field of Object.keys(patch)) delete rest[field];
      return { ...current, [key]: rest };
    });
  };

  // One save at a time: a photo's save and the button's share the one under way.
  const inFlight = useRef<Promise<boolean> | null>(null);
  const save = useCallback((): Promise<boolean> => {
    if (inFlight.current) return inFlight.current;
    const run = (async () => {
      const list = draftsRef.current ?? [];
      const body = { guests: list.map(inputOf) };
      const keyAt = (index: number) => list[index]?.key;
      const place = (found: { path: string; message: string }[]) => {
        const next: Errors = {};
        for (const e of found) {
          const at = fieldOfPath(e.path);
          const key = at ? keyAt(at.index) : undefined;
          if (!at || !key) continue;
          next[key] = { ...next[key], [at.field]: lng === 'bn' ? t('errors.field', { field: t(`fields.${at.field}`, { defaultValue: at.field }) }) : e.message };
        }
        setErrors(next);
        return Object.keys(next).length;
      };
      // The contract first: a mistake is shown at once, nothing is sent.
      const parsed = ZGuestCardsPut.safeParse(body);
      if (!parsed.success) {
        place(parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })));
        setFormError(t('errors.checkFields'));
        return false;
      }
      const started = version.current;
      try {
        const res = await saveCards({ id: bookingId, body }).unwrap();
        // The server keeps the order sent: the new cards' ids by position.
        const saved = res.data.guests.filter((g) => !g.erased);
        update((current) => current.map((d, i) => (d.id || !saved[i] ? d : { ...d, id: saved[i]!._id })));
        setErrors({});
        setFormError(null);
        if (version.current === started) {
          setDirty(false);
          setSavedNote(true);
        }
        return true;
      } catch (err) {
        const placed = place(fieldErrorsOf(err));
        setFormError(placed > 0 && lng === 'bn' ? t('errors.checkFields') : errorText(err, t('errors.saveFailed')));
        return false;
      }
    })();
    inFlight.current = run;
    void run.finally(() => {
      inFlight.current = null;
    });
    return run;
  }, [bookingId, errorText, lng, saveCards, t, update]);

  /** The card's id, saving the cards first when it has none yet. */
  const ensureCard = (key: string) => async () => {
    const own = () => draftsRef.current?.find((d) => d.key === key)?.id ?? null;
    if (own()) return own();
    return (await save()) ? own() : null;
  };

  if (isError) return <LoadError error={error} fallback={t('errors.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />;
  if (isLoading || !registration || !drafts) return <Skeleton active />;

  if (!registration.editable) {
    return (
      <div className="flex flex-col gap-4" data-testid="guest-register-read-only">
        {lockedNote}
        <ReadOnlyCards registration={registration} countryName={countryName} />
      </div>
    );
  }

  const savedOf = (draft: CardDraft) => (draft.id ? registration.guests.find((g) => g._id === draft.id) : undefined);
  const adults = drafts.filter((d) => d.kind === 'adult');
  const children = drafts.filter((d) => d.kind === 'child');
  const completeCards = drafts.filter((d) => {
    const saved = savedOf(d);
    return missingOf(d, { document: Boolean(saved?.photos.document), portrait: Boolean(saved?.photos.portrait) }, registration.checkIn).length === 0;
  }).length;
  const complete = completeCards === drafts.length && adults.length >= registration.adults && children.length >= registration.children;
  const context: CardContext = { bookingId, checkIn: registration.checkIn, checkOut: registration.checkOut, countries, audience };
  const n = (value: number) => formatNumber(value, lng);

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      aria-label={t('form.label')}
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
      data-testid="guest-register-form"
    >
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800" role="status" data-testid="register-summary">
        <span>
          {complete
            ? t('form.allComplete')
            : t('form.progress', { done: n(completeCards), total: n(drafts.length) })}
        </span>
        {!complete && <span className="text-slate-600">{t('form.allNeeded')}</span>}
      </div>

      {adults.map((draft, i) => (
        <AdultCard
          key={draft.key}
          draft={draft}
          number={i + 1}
          saved={savedOf(draft)}
          errors={errors[draft.key] ?? {}}
          context={context}
          onChange={(patch) => change(draft.key, patch)}
          onCopy={(copy) => change(draft.key, { ...copy, key: draft.key, id: draft.id, kind: draft.kind })}
          ensureCard={ensureCard(draft.key)}
        />
      ))}
      {children.length > 0 && (
        <div className="flex flex-col gap-3">
          <h3 className="m-0 text-base font-semibold text-slate-900">{t('child.heading')}</h3>
          {children.map((draft, i) => (
            <ChildLine key={draft.key} draft={draft} number={i + 1} checkIn={registration.checkIn} errors={errors[draft.key] ?? {}} onChange={(patch) => change(draft.key, patch)} />
          ))}
        </div>
      )}

      {formError && <Alert type="error" showIcon role="alert" title={formError} data-testid="register-error" />}

      <div className="flex flex-wrap items-center gap-3">
        <Button type={footer ? 'default' : 'primary'} htmlType="submit" icon={<SaveOutlined aria-hidden />} loading={saving} data-testid="register-save">
          {t('form.save')}
        </Button>
        <span className="text-sm text-slate-700" role="status" data-testid="register-saved">
          {dirty ? t('form.unsaved') : savedNote ? t('form.saved') : ''}
        </span>
      </div>

      {footer?.({ registration, complete, dirty, saving, save })}
    </form>
  );
}
