import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form-alert';
import { formatLongDate, formatNumber } from '../../../lib/format';
import { roomNumberText } from '../../../lib/category-texts';
import { useRequestRegisterErasureMutation, type RegisterErasure } from '../api';
import { useUsersErrorText } from '../user-errors';

/**
 * /profile › Your registration data (issue 34): the guest asks the hotel to delete their
 * registration cards and ID photos. Asked twice (a second, explicit press), then the answer says
 * what went and what the guest register must keep by law, stay by stay, until which day.
 */
export function RegisterErasureSection() {
  const { t, i18n } = useTranslation('users');
  const lng = i18n.resolvedLanguage ?? 'en';
  const n = (value: number) => formatNumber(value, lng);
  const errorText = useUsersErrorText();
  const [erase, { isLoading }] = useRequestRegisterErasureMutation();
  const [asking, setAsking] = useState(false);
  const [answer, setAnswer] = useState<RegisterErasure | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (isLoading) return;
    setFailure(null);
    try {
      const result = await erase().unwrap();
      setAnswer(result.data);
      setAsking(false);
    } catch (error) {
      setFailure(errorText(error, t('profile.erasure.failed')));
    }
  };

  return (
    <section className="card" aria-labelledby="register-erasure-heading" data-testid="register-erasure">
      <h2 id="register-erasure-heading" className="font-display text-xl text-brand-800">
        {t('profile.erasure.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('profile.erasure.hint')}</p>
      <div className="mt-4">
        {failure && <FormAlert tone="error">{failure}</FormAlert>}
        {answer && (
          <FormAlert tone="success">
            <p className="m-0">{t('profile.erasure.done', { cards: n(answer.deletedCards), photos: n(answer.deletedPhotos) })}</p>
            {answer.kept.length > 0 ? (
              <>
                <p className="m-0 mt-2">{t('profile.erasure.kept')}</p>
                <ul className="m-0 mt-1 list-disc pl-5">
                  {answer.kept.map((stay) => (
                    <li key={`${stay.reference}-${stay.roomNumber}`}>
                      {t('profile.erasure.keptStay', {
                        reference: stay.reference,
                        room: roomNumberText(stay.roomNumber, lng),
                        from: formatLongDate(stay.checkIn, lng),
                        until: formatLongDate(stay.until, lng),
                      })}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="m-0 mt-2">{t('profile.erasure.nothingKept')}</p>
            )}
          </FormAlert>
        )}
        {asking ? (
          <div className="flex flex-wrap items-center gap-3" role="group" aria-label={t('profile.erasure.confirmTitle')}>
            <p className="m-0 w-full text-sm font-medium text-slate-800">{t('profile.erasure.confirmTitle')}</p>
            <button type="button" className="btn-primary !bg-red-700 hover:!bg-red-800" onClick={() => void confirm()} disabled={isLoading} aria-busy={isLoading}>
              {isLoading ? t('profile.erasure.working') : t('profile.erasure.confirm')}
            </button>
            <button type="button" className="btn-outline" onClick={() => setAsking(false)} disabled={isLoading}>
              {t('profile.erasure.cancel')}
            </button>
          </div>
        ) : (
          <button type="button" className="btn-outline" onClick={() => setAsking(true)}>
            {t('profile.erasure.ask')}
          </button>
        )}
      </div>
    </section>
  );
}
