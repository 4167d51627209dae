import type { TDeskStay } from '@residency/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatNumber } from '../../../../lib/format';
import { listLinkPath, type DeskArea } from '../../staff-today-api';

/**
 * Rooms checked in without complete registration cards (issue 34): the police's register lacks
 * them until the desk completes the cards. Each names the room, the guest and the check-in's
 * note, and opens the reservations list on the stay, where its cards are filled. Shown only
 * while there are such rooms.
 */
export function RegistrationsIncomplete({ items, area = 'staff' }: { items: TDeskStay[]; area?: DeskArea }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.resolvedLanguage ?? 'en';
  if (items.length === 0) return null;
  const headingId = 'registrations-incomplete-heading';
  return (
    <section className="rounded-xl border border-amber-300 bg-amber-50 p-3 sm:p-4" aria-labelledby={headingId} data-testid="registrations-incomplete">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="m-0 text-base font-semibold text-slate-900">
          {t('registrationsIncomplete.title')}
        </h3>
        <Tag color="orange" className="!m-0 !text-amber-900">
          {t('registrationsIncomplete.count', { count: items.length, n: formatNumber(items.length, lng) })}
        </Tag>
      </div>
      <p className="m-0 mb-2 text-sm text-slate-700">{t('registrationsIncomplete.hint')}</p>
      <ul className="m-0 flex list-none flex-col divide-y divide-amber-200 p-0">
        {items.map((stay) => (
          <li key={stay._id} className="flex flex-col gap-1 py-2" data-testid={`registration-incomplete-${stay.transactionId}`}>
            <Link
              to={listLinkPath({ list: 'bookings', query: { q: stay.transactionId } }, area)}
              className="font-medium !text-brand-800 underline"
              title={t('registrationsIncomplete.open', { room: roomNumberText(stay.room.roomNumber, lng), name: stay.guest.name })}
            >
              {t('registrationsIncomplete.room', { room: roomNumberText(stay.room.roomNumber, lng) })} · {stay.guest.name}
            </Link>
            {stay.registration.note && (
              <span className="text-sm text-slate-700">{t('registrationsIncomplete.note', { note: stay.registration.note })}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
