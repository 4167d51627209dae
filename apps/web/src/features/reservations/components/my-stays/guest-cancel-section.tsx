import { CloseCircleOutlined, PhoneOutlined } from '@ant-design/icons';
import type { TBooking, TSiteInfo } from '@residency/shared';
import { instantAt } from '@residency/shared/hotel-time';
import { Alert, App, Button, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTaka, readerDigits } from '../../../../lib/format';
import { penaltyText } from '../../../../components/stay-price/plan-texts';
import { errorCode, useErrorText } from '../../../../lib/server-error';
import { useGetCancellationQuoteQuery, useGuestCancelBookingMutation } from '../../my-stays-api';
import { deadlineText, guestCancelVerdict } from './guest-cancel';

type Stay = Pick<TBooking, '_id' | 'status' | 'stage' | 'isConfirmed' | 'startDate' | 'endDate' | 'guestCancelUntil'> &
  Partial<Pick<TBooking, 'cancellationFeeNow'>>;

/**
 * The guest's own cancellation of a stay (issue 21): until the check-in time, a Cancel button
 * whose confirmation says what cancelling costs now under the plan's policy (asked of the server
 * when it opens: free until the cut-off, then its penalty); after the check-in time, why not and
 * the hotel's phone to call. The shared rule decides (the server applies the same one and may
 * still refuse: its reason shows). The guest reads the reservation's `reference` (issue 31); a
 * room of several is named by `room` ("Deluxe King · Room 101"), and only that room is cancelled.
 */
export function GuestCancelSection({ stay, site, now, reference, room }: { stay: Stay; site: TSiteInfo; now: Date; reference: string; room?: string }) {
  const { t, i18n } = useTranslation('my-stays');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [cancel, { isLoading }] = useGuestCancelBookingMutation();
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);

  const refusal = guestCancelVerdict(stay, now, site);
  const deadline = deadlineText(new Date(stay.guestCancelUntil), site.timeZone, lng);
  const freeNow = now.getTime() < new Date(stay.guestCancelUntil).getTime();
  const phone = (
    <a href={`tel:${site.phone.replace(/[^\d+]/g, '')}`} className="font-semibold whitespace-nowrap !text-brand-700 underline" data-testid="hotel-phone">
      <PhoneOutlined aria-hidden /> {readerDigits(site.phone, lng)}
    </a>
  );

  const checkInText = deadlineText(instantAt(stay.startDate, site.checkInTime, site.timeZone), site.timeZone, lng);

  const run = async () => {
    try {
      await cancel(stay._id).unwrap();
      setConfirming(false);
      message.success(room ? t('cancel.doneRoom', { room, reference }) : t('cancel.done', { transactionId: reference }), 5);
    } catch (error) {
      setConfirming(false);
      // The check-in time passed while the page was open: the same words as the note below, in the reader's language.
      setRefused(
        errorCode(error) === 'CHECK_IN_PASSED' && lng === 'bn'
          ? `${t('cutoff.text', { checkIn: checkInText })} ${t('cutoff.callLabel')} ${readerDigits(site.phone, lng)}`
          : errorText(error, t('cancel.failed')),
      );
    }
  };

  const refusedAlert = refused && (
    <Alert type="error" showIcon role="alert" data-testid="cancel-refused" title={refused} />
  );

  if (refusal?.code === 'CHECK_IN_PASSED') {
    return (
      <div className="flex flex-col gap-2" data-testid="cancel-cutoff">
        {refusedAlert}
        <Alert
          type="info"
          showIcon
          title={t('cutoff.title')}
          description={
            <span className="flex flex-col gap-1">
              <span>{t('cutoff.text', { checkIn: checkInText })}</span>
              <span>
                {t('cutoff.callLabel')} {phone}
              </span>
            </span>
          }
        />
      </div>
    );
  }
  if (refusal?.code === 'ALREADY_CHECKED_IN') {
    return (
      <p className="m-0 text-sm text-slate-700" data-testid="cancel-checked-in">
        {t('checkedIn')} {phone}
      </p>
    );
  }
  if (refusal) return refusedAlert || null;

  return (
    <div className="flex flex-col gap-2" data-testid="cancel-section">
      {refusedAlert}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm text-slate-700" data-testid="cancel-terms">
          {freeNow
            ? t('card.cancelUntil', { deadline })
            : stay.cancellationFeeNow
              ? tc('stayPrice.cancel.now', { fee: formatTaka(stay.cancellationFeeNow, lng) })
              : t('cancel.charged')}
        </span>
        <Button danger className="enabled:!text-red-700" icon={<CloseCircleOutlined aria-hidden />} onClick={() => setConfirming(true)}>
          {room ? t('cancel.buttonRoom') : t('cancel.button')}
        </Button>
      </div>
      <Modal
        open={confirming}
        title={room ? t('cancel.confirmTitleRoom', { room, reference }) : t('cancel.confirmTitle', { transactionId: reference })}
        okText={t('cancel.ok')}
        cancelText={t('cancel.keep')}
        // A darker red than antd's (#ff4d4f with white text is 3.3:1, under the 4.5:1 guideline).
        okButtonProps={{ danger: true, loading: isLoading, className: 'enabled:!bg-red-700 enabled:hover:!bg-red-800' }}
        onOk={run}
        onCancel={() => setConfirming(false)}
        width={480}
        destroyOnHidden
      >
        {confirming && <CancellationCost id={stay._id} deadline={deadline} />}
      </Modal>
    </div>
  );
}

/** What cancelling now costs, as the server says it for this booking's plan, in the reader's words. */
function CancellationCost({ id, deadline }: { id: string; deadline: string }) {
  const { t, i18n } = useTranslation('my-stays');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { data, isFetching, isError } = useGetCancellationQuoteQuery(id);
  if (isFetching) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  if (isError || !data) return <p className="m-0">{t('cancel.costUnknown')}</p>;
  const quote = data.data;
  const why = penaltyText(tc, quote.policy, lng);
  return (
    <p className="m-0" data-testid="cancel-cost">
      {quote.free ? t('cancel.confirmFree', { deadline }) : t('cancel.confirmFee', { fee: formatTaka(quote.fee, lng), why })}{' '}
      {t('cancel.confirmRest')}
    </p>
  );
}

