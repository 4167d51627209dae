import { formatLongDate } from '@residency/shared/display';
import { nightsBetween } from '@residency/shared/pricing';
import { useTranslation } from 'react-i18next';
import { BedIcon } from '../../../components/stay/stay-icons';
import { stayFromQuery, type Stay } from '../../../components/stay/stay-query';
import { keepStayCurrent } from '../../../components/stay/stay-rules';
import { useHotelToday } from '../../../components/stay/use-hotel-today';
import { formatNumber, formatShortDate } from '../../../lib/format';
import { useCategoryName } from '../../../lib/use-category-name';
import { useGetRoomQuery } from '../../../lib/rooms-api';

/** What a guest sent to log in from the Book button was booking: the room and, when the URL has it, the stay. */
export interface BookingIntent {
  roomId: string;
  stay: Stay | null;
}

/**
 * The booking behind a return path: `/booking/{room}?checkIn=…&checkOut=…` (the booking page
 * sends signed-out guests to /login with it). Null for any other path, the confirmation pages
 * included.
 */
export function bookingIntent(from: string | null | undefined): BookingIntent | null {
  if (!from || !from.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(from, 'http://residency.invalid');
  } catch {
    return null;
  }
  const match = /^\/booking\/([^/]+)\/?$/.exec(url.pathname);
  if (!match || match[1] === 'confirmation') return null;
  return { roomId: decodeURIComponent(match[1]!), stay: stayFromQuery(url.searchParams) };
}

/**
 * "Check-in – check-out" in the app's date forms: the check-in short ("Tue, Dec 1"), the
 * check-out with its year; both with their years when the stay crosses a new year.
 */
function stayDatesText(stay: Pick<Stay, 'checkIn' | 'checkOut'>, lng: string): string {
  const sameYear = stay.checkIn.slice(0, 4) === stay.checkOut.slice(0, 4);
  const start = sameYear ? formatShortDate(stay.checkIn, lng) : formatLongDate(stay.checkIn, lng);
  return `${start} – ${formatLongDate(stay.checkOut, lng)}`;
}

/**
 * On /login and /sign-up, for a guest who pressed Book signed out: which room type and which
 * dates they were booking, so that the sign-in reads as a step of the booking. Nothing for any
 * other return path.
 */
export function BookingIntentNotice({ from }: { from: string | null | undefined }) {
  const intent = bookingIntent(from);
  if (!intent) return null;
  return <IntentText intent={intent} />;
}

function IntentText({ intent }: { intent: BookingIntent }) {
  const { t, i18n } = useTranslation('auth');
  const lng = i18n.resolvedLanguage ?? 'en';
  const room = useGetRoomQuery(intent.roomId);
  const today = useHotelToday();
  const categoryName = useCategoryName();
  // The room's type (a room holds its category's English name), in the reader's language when the categories have it.
  const english = room.data?.data.category ?? '';
  const name = english ? categoryName(english) : '';
  // Until the room answers, nothing: a sentence that changes under the reader is worse than a moment's wait.
  if (room.isLoading) return null;

  // An old link's stay is moved to start today, as the booking page will move it: these are the dates they will book.
  const stay = intent.stay && keepStayCurrent(intent.stay, today);
  const nights = stay ? nightsBetween(stay.checkIn, stay.checkOut) : 0;
  const values = {
    room: name,
    dates: stay ? stayDatesText(stay, lng) : '',
    nights: t('bookingIntent.nights', { count: nights, n: formatNumber(nights, lng) }),
  };
  const key = name ? (stay ? 'roomAndDates' : 'room') : stay ? 'dates' : 'none';

  return (
    <div
      role="status"
      className="mb-5 flex gap-3 rounded-xl bg-brand-50 px-4 py-3 text-sm leading-relaxed text-brand-900 ring-1 ring-brand-100"
      data-testid="booking-intent"
    >
      <BedIcon className="mt-0.5 h-5 w-5 shrink-0 text-brand-700" aria-hidden="true" />
      <p>{t(`bookingIntent.${key}`, values)}</p>
    </div>
  );
}
