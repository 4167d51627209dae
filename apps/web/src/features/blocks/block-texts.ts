import type { TBlock } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { roomNumberText } from '../../lib/category-texts';
import { formatStay } from '../../lib/format';
import { errorCode, useErrorText } from '../../lib/server-error';

/** Refusals this feature words itself, in both languages (the shared words of ROOM_NOT_AVAILABLE speak of bookings only). */
const OWN_CODES = new Set(['CHANNEL_BLOCK', 'BLOCK_NOT_FOUND', 'ROOM_NOT_AVAILABLE']);

/**
 * A block in the reader's words and digits: who holds the nights ("Blocked by Airbnb", "Closed
 * by the desk"), the room, the nights as the desk screens write a stay, and why.
 */
export function useBlockTexts() {
  const { t, i18n } = useTranslation('blocks');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const channelName = (block: TBlock) => t(`names.${block.channel ?? 'other'}`);
  const holder = (block: TBlock) => (block.source === 'channel' ? t('byChannel', { channel: channelName(block) }) : t('byDesk'));
  const dates = (block: TBlock) => formatStay(block.checkIn, block.checkOut, lng);
  const room = (block: TBlock) => t('room', { number: roomNumberText(block.room.roomNumber, lng) });
  // Each day whole on its line (non-breaking spaces): a narrow cell breaks at " ~ " only.
  const unbroken = (block: TBlock) => dates(block).split(' ~ ').map((day) => day.replaceAll(' ', '\u00a0')).join(' ~ ');
  /** One room's block beside the room: "Blocked by Airbnb, dates" or "Closed: reason, dates". */
  const short = (block: TBlock) =>
    block.source === 'channel'
      ? t('shortChannel', { channel: channelName(block), dates: unbroken(block) })
      : t('shortDesk', { reason: block.summary, dates: unbroken(block) });
  /** A failure of a blocks call: this feature's refusals in its words, anything else through the shared mapper. */
  const failure = (error: unknown, fallback: string) => {
    const code = errorCode(error);
    return code && OWN_CODES.has(code) ? t(`errors.${code}`) : errorText(error, fallback);
  };
  return { t, lng, holder, dates, room, short, failure };
}
