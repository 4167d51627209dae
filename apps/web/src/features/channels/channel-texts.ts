import type { Channel, FeedErrorCode, TSyncResult } from '@residency/shared';
import { useTranslation } from 'react-i18next';
import { roomNumberText } from '../../lib/category-texts';
import { formatNumber } from '../../lib/format';

type Counts = Pick<TSyncResult, 'events' | 'added' | 'released' | 'kept' | 'conflicts'> & Partial<Pick<TSyncResult, 'skipped' | 'skippedEvents'>>;
type Failure = { code: FeedErrorCode | null; params: Record<string, string | number> | null; message: string };

/**
 * The words of the Channels screen that several parts share, in the reader's language and digits:
 * a channel's name, a sync's result ("12 events: 2 added, 1 released, 0 conflicts"), a count of
 * blocks, a room's number.
 */
export function useChannelTexts() {
  const { t, i18n } = useTranslation('channels');
  const lng = i18n.resolvedLanguage ?? 'en';
  const n = (value: number) => formatNumber(value, lng);
  const channelName = (channel: Channel | null) => t(`names.${channel ?? 'other'}`);
  /** "3 events skipped (a@x: a date that does not exist, …)": the first three named, with why. */
  const skippedText = ({ skipped = 0, skippedEvents = [] }: Counts) => {
    const count = t('result.skipped', { count: skipped, n: n(skipped) });
    const named = skippedEvents.slice(0, 3).map((e) => t('result.skippedEvent', { uid: e.uid, reason: t(`result.skipReasons.${e.reason}`) }));
    return named.length > 0 ? t('result.skippedList', { skipped: count, list: named.join(', ') + (skipped > named.length ? ', …' : '') }) : count;
  };
  const resultSummary = (counts: Counts) => {
    const summary = t('result.summary', {
      events: t('result.events', { count: counts.events, n: n(counts.events) }),
      added: n(counts.added),
      released: n(counts.released),
      conflicts: t('result.conflicts', { count: counts.conflicts, n: n(counts.conflicts) }),
    });
    return counts.skipped ? `${summary}; ${skippedText(counts)}` : summary;
  };
  /**
   * Why a sync failed, in the reader's language from the API's code and values (numbers in the
   * reader's digits); the API's English sentence for a code this screen does not know yet.
   */
  const failureText = ({ code, params, message }: Failure) => {
    if (!code) return message;
    const values = Object.fromEntries(Object.entries(params ?? {}).map(([k, v]) => [k, typeof v === 'number' ? n(v) : v]));
    return t(`syncErrors.${code}`, { ...values, defaultValue: message });
  };
  /** What a sync answered, as one line: its counts, or why it failed. */
  const resultText = (result: TSyncResult) =>
    result.error
      ? t('result.failed', { error: failureText({ code: result.errorCode, params: result.errorParams, message: result.error }) })
      : resultSummary(result);
  const blocks = (count: number) => t('result.blocks', { count, n: n(count) });
  /** A room's number in the reader's digits (রুম ৫০১ on Bengali pages). */
  const roomNo = (number: string) => roomNumberText(number, lng);
  return { t, lng, channelName, resultSummary, resultText, failureText, blocks, roomNo };
}
