import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roomNumberText } from '../../../../lib/category-texts';

/**
 * The rooms of a taken room's type still free for the stay: each swaps in for it (the guest then
 * confirms again); with none, the room can be left out, or other rooms chosen on the rates page.
 */
export function RoomAlternatives({
  rooms,
  name,
  onSwap,
  onRemove,
  ratesHref,
}: {
  rooms: readonly { _id: string; roomNumber: string }[];
  name: string;
  onSwap: (roomId: string) => void;
  onRemove?: () => void;
  ratesHref: string;
}) {
  const { t, i18n } = useTranslation('booking');
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <div className="mt-3 text-slate-800" data-testid="room-alternatives">
      <p>{rooms.length > 0 ? t('rooms.alternatives', { name }) : t('rooms.noAlternatives', { name })}</p>
      <ul className="mt-2 flex flex-wrap gap-2">
        {rooms.slice(0, 6).map((r) => (
          <li key={r._id}>
            <button
              type="button"
              className="btn-outline bg-white px-3 py-1.5 text-sm"
              onClick={() => onSwap(r._id)}
              aria-label={t('rooms.swapName', { name, number: roomNumberText(r.roomNumber, lng) })}
              data-testid="swap-room"
            >
              {t('room.number', { number: roomNumberText(r.roomNumber, lng) })}
            </button>
          </li>
        ))}
        {onRemove && (
          <li>
            <button type="button" className="btn-outline bg-white px-3 py-1.5 text-sm" onClick={onRemove} data-testid="drop-room">
              {t('rooms.drop')}
            </button>
          </li>
        )}
      </ul>
      <Link to={ratesHref} className="mt-2 inline-block font-medium underline underline-offset-2">
        {t('rooms.change')}
      </Link>
    </div>
  );
}
