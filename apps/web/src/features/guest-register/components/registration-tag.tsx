import type { TBooking } from '@residency/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** "Cards ready" or "Cards incomplete" (with the check-in's note when there is one): the desk's glance at a room's register. */
export function RegistrationTag({ registration }: { registration: TBooking['registration'] }) {
  const { t } = useTranslation('guest-register');
  return registration.complete ? (
    <Tag color="green" className="!m-0 !text-green-800" data-testid="registration-tag" data-complete="true">
      {t('tag.ready')}
    </Tag>
  ) : (
    <Tag color="gold" className="!m-0 !text-amber-900" data-testid="registration-tag" data-complete="false" title={registration.note ?? undefined}>
      {registration.note ? t('tag.withNote') : t('tag.incomplete')}
    </Tag>
  );
}
