import { useTranslation } from 'react-i18next';
import type { BookingFieldErrors } from '../../booking-rules';
import { Field } from './booking-field';

/**
 * Who the staff book a walk-in stay for (the walk-in booking only): the guest's name and, when
 * they have one, their e-mail, to which the booking's mails go. Without it the hint says what
 * follows (no mail; found again by phone). Checked with the other fields on Confirm.
 */
export function WalkInGuestFields({
  name,
  email,
  errors,
  onName,
  onEmail,
}: {
  name: string;
  email: string;
  errors: Pick<BookingFieldErrors, 'guestName' | 'guestEmail'>;
  onName: (value: string) => void;
  onEmail: (value: string) => void;
}) {
  const { t } = useTranslation('booking');
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field label={t('form.name')} error={errors.guestName && t(`validation.guestName.${errors.guestName}`)}>
        {(props) => <input {...props} name="guestName" autoComplete="off" value={name} onChange={(e) => onName(e.target.value)} />}
      </Field>
      <Field
        label={t('form.emailOptional')}
        hint={t('form.emailHint')}
        error={errors.guestEmail && t(`validation.guestEmail.${errors.guestEmail}`)}
      >
        {(props) => <input {...props} name="guestEmail" type="email" autoComplete="off" value={email} onChange={(e) => onEmail(e.target.value)} />}
      </Field>
    </div>
  );
}
