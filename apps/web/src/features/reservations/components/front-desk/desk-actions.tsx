import {
  CheckOutlined,
  CloseCircleOutlined,
  DollarOutlined,
  LoginOutlined,
  LogoutOutlined,
  UserDeleteOutlined,
} from '@ant-design/icons';
import type { StaffAction } from '@residency/shared/booking-states';
import { App, Button, Popconfirm } from 'antd';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatTaka } from '../../../../lib/format';
import { newIdempotencyKey } from '../../../../lib/idempotency-key';
import { penaltyText } from '../../../../components/stay-price/plan-texts';
import { useGetCancellationQuoteQuery } from '../../my-stays-api';
import { useCancelBookingMutation, useDeskTransitionMutation, useUpdateBookingMutation } from '../../api';
import { useDeskErrorText } from './desk-text';
import { BalanceDueDialog, balanceDueOf } from './balance-due';
import { RegistrationDialog, registrationMissingOf } from '../../../guest-register';
import type { TBooking } from '@residency/shared';

/** What the buttons need to know of a stay (a TBooking or a stay of the desk's day). */
export interface DeskStayRef {
  _id: string;
  transactionId: string;
  /** The check-out day: a check-out before it shortens the stay. */
  endDate: string;
  room: { roomNumber: string };
  /** The registration cards (issue 34), when the stay carries them: incomplete ones open the cards at Check in. */
  registration?: { complete: boolean };
  /** Whose stay (the dialog names it). */
  user?: { name: string };
  guest?: { name: string };
}

/** The actions that change a booking at once (Pay opens its modal instead). */
export type ImmediateAction = Exclude<StaffAction, 'pay'>;

/**
 * Runs the desk's actions on bookings with their toasts: the success message, or the server's
 * refusal (a 409 with its reason) through the server-error helper. `busy` names the running one.
 * A check-out refused for a balance due opens the balance-due dialog (take the payment, or send
 * it to the company's account) wherever the desk checks guests out: the reservations and the
 * staff's day. A check-in of a room whose registration cards are not complete (known from the
 * stay, or from the server's 409 REGISTRATION_INCOMPLETE) opens the cards (issue 34): check in
 * once they are complete, or without them with a note saying why.
 */
export function useDeskActions() {
  const { t, i18n } = useTranslation(['front-desk', 'reservations', 'guest-register']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message, modal } = App.useApp();
  const errorText = useDeskErrorText();
  const [updateBooking] = useUpdateBookingMutation();
  const [cancelBooking] = useCancelBookingMutation();
  const [transition] = useDeskTransitionMutation();
  const [busy, setBusy] = useState<string | null>(null);
  // The action under way on each stay: a second press of any of its buttons before the answer
  // does nothing (the spinner's state update comes too late for a double click).
  const running = useRef(new Set<string>());

  const done = (action: 'check_in' | 'check_out' | 'no_show', data: TBooking) => {
    const values = { name: data.user.name, room: roomNumberText(data.room.roomNumber, lng), transactionId: data.transactionId };
    message.success(t(`front-desk:done.${action}`, values), 4);
  };

  // The dialog lives in antd's App holder (under the store, the language and the theme), so
  // every screen with the desk's buttons gets it without rendering anything of its own.
  const askBalanceDue = (stay: DeskStayRef, balance: number) => {
    const dialog = modal.info({
      icon: null,
      title: null,
      footer: null,
      closable: true,
      width: 520,
      content: (
        <BalanceDueDialog
          stayId={stay._id}
          balance={balance}
          onCheckedOut={(data) => {
            dialog.destroy();
            done('check_out', data);
          }}
          onClose={() => dialog.destroy()}
        />
      ),
    });
  };

  // The stays whose cards are open: a second press of Check in opens no second dialog.
  const registering = useRef(new Set<string>());
  const askRegistration = (stay: DeskStayRef, missing: string[] | null) => {
    if (registering.current.has(stay._id)) return;
    registering.current.add(stay._id);
    const who = stay.user?.name ?? stay.guest?.name;
    const room = t('front-desk:room', { number: roomNumberText(stay.room.roomNumber, lng) });
    const dialog = modal.info({
      icon: null,
      // The dialog's name (axe: a dialog has one).
      title: t('guest-register:dialog.title'),
      footer: null,
      closable: true,
      width: 880,
      afterClose: () => registering.current.delete(stay._id),
      content: (
        <RegistrationDialog
          bookingId={stay._id}
          subject={who ? `${room} · ${who}` : room}
          missing={missing}
          onCheckIn={async (registrationNote) => {
            const { data } = await transition({ id: stay._id, action: 'check-in', registrationNote, idempotencyKey: newIdempotencyKey() }).unwrap();
            dialog.destroy();
            done('check_in', data);
          }}
          onClose={() => dialog.destroy()}
        />
      ),
    });
  };

  const run = async (stay: DeskStayRef, action: ImmediateAction) => {
    if (running.current.has(stay._id)) return;
    // Cards known to be incomplete: straight to them, nothing is sent.
    if (action === 'check_in' && stay.registration && !stay.registration.complete) return askRegistration(stay, null);
    running.current.add(stay._id);
    setBusy(`${stay._id}:${action}`);
    try {
      if (action === 'confirm') {
        const res = await updateBooking({ id: stay._id, payload: { isConfirmed: true } }).unwrap();
        // Confirming a room confirms its reservation (issue 31): named by its booking ID.
        message.success(t('reservations:messages.confirmed', { transactionId: res.data.reservationReference }));
      } else if (action === 'cancel') {
        await cancelBooking(stay._id).unwrap();
        message.success(t('reservations:messages.cancelled'), 3);
      } else {
        const path = action === 'check_in' ? 'check-in' : action === 'check_out' ? 'check-out' : 'no-show';
        // A check-out issues the invoice: a money write, sent with a key (issue 31).
        const { data } = await transition({ id: stay._id, action: path, idempotencyKey: newIdempotencyKey() }).unwrap();
        done(action, data);
      }
    } catch (err) {
      const balance = action === 'check_out' ? balanceDueOf(err) : null;
      if (balance !== null) return askBalanceDue(stay, balance);
      const missing = action === 'check_in' ? registrationMissingOf(err) : null;
      if (missing !== null) return askRegistration(stay, missing);
      message.error(errorText(err, t('reservations:messages.somethingWentWrong')), 6);
    } finally {
      running.current.delete(stay._id);
      setBusy(null);
    }
  };
  return { run, busy };
}

interface ButtonsProps {
  stay: DeskStayRef;
  /** What the shared rules allow today (`staffActions`), in their order. */
  actions: StaffAction[];
  run: (stay: DeskStayRef, action: ImmediateAction) => Promise<void>;
  busy: string | null;
  /** Opens the Pay modal; without it Pay is not shown. */
  onPay?: () => void;
  /** The hotel's date: a check-out before the stay's last day warns that the stay is shortened. */
  today: string;
  size?: 'small' | 'middle';
  /** Something shown first (Details). */
  leading?: ReactNode;
  className?: string;
}

/**
 * The buttons of the actions `staffActions()` allows, nothing else. Cancel, No-show and an early
 * Check out ask first.
 */
export function DeskActionButtons({ stay, actions, run, busy, onPay, today, size = 'small', leading, className }: ButtonsProps) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const isBusy = (action: StaffAction) => busy === `${stay._id}:${action}`;
  const common = (action: StaffAction) => ({
    size,
    loading: isBusy(action),
    disabled: busy !== null && !isBusy(action),
    'data-testid': `action-${action}`,
  });
  const ask = (action: ImmediateAction, title: string, text: string, button: ReactNode, more?: ReactNode) => (
    <Popconfirm
      key={action}
      title={title}
      description={
        <span className="block max-w-64">
          {text}
          {more}
        </span>
      }
      okText={t(`ask.${action}.ok`)}
      cancelText={t(`ask.${action}.keep`)}
      okButtonProps={{ danger: action !== 'check_out' }}
      onConfirm={() => run(stay, action)}
    >
      {button}
    </Popconfirm>
  );
  const room = roomNumberText(stay.room.roomNumber, lng);

  const button = (action: StaffAction) => {
    switch (action) {
      case 'confirm':
        return (
          <Button key={action} type="primary" icon={<CheckOutlined aria-hidden />} onClick={() => void run(stay, action)} {...common(action)}>
            {t('actions.confirm')}
          </Button>
        );
      case 'check_in':
        return (
          <Button key={action} type="primary" icon={<LoginOutlined aria-hidden />} onClick={() => void run(stay, action)} {...common(action)}>
            {t('actions.check_in')}
          </Button>
        );
      case 'check_out':
        return ask(
          action,
          t('ask.check_out.title'),
          today < stay.endDate ? t('ask.check_out.early', { room }) : t('ask.check_out.text', { room }),
          <Button icon={<LogoutOutlined aria-hidden />} className="enabled:!border-blue-700 enabled:!text-blue-800" {...common(action)}>
            {t('actions.check_out')}
          </Button>,
        );
      case 'pay':
        return onPay ? (
          <Button
            key={action}
            type="primary"
            className="enabled:!bg-green-700 enabled:hover:!bg-green-600"
            icon={<DollarOutlined aria-hidden />}
            onClick={onPay}
            {...common(action)}
          >
            {t('actions.pay')}
          </Button>
        ) : null;
      case 'no_show':
        return ask(
          action,
          t('ask.no_show.title'),
          t('ask.no_show.text', { transactionId: stay.transactionId }),
          <Button icon={<UserDeleteOutlined aria-hidden />} className="enabled:!text-slate-800" {...common(action)}>
            {t('actions.no_show')}
          </Button>,
        );
      case 'cancel':
        return ask(
          action,
          t('ask.cancel.title'),
          t('ask.cancel.text', { transactionId: stay.transactionId }),
          <Button danger className="enabled:!text-red-700" icon={<CloseCircleOutlined aria-hidden />} {...common(action)}>
            {t('actions.cancel')}
          </Button>,
          <DeskCancellationCost id={stay._id} />,
        );
    }
  };

  return (
    <div className={className ?? 'flex flex-wrap items-center gap-2'}>
      {leading}
      {actions.map(button)}
    </div>
  );
}

/**
 * What cancelling costs the guest now under the booking's plan (issue 21), asked of the server
 * when the question opens (antd renders a Popconfirm's content only then): the desk says it
 * before cancelling, and the booking records it.
 */
function DeskCancellationCost({ id }: { id: string }) {
  const { t, i18n } = useTranslation('front-desk');
  const { t: tc } = useTranslation('common');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { data, isFetching } = useGetCancellationQuoteQuery(id);
  if (isFetching || !data) return null;
  const { fee, free, policy } = data.data;
  const why = penaltyText(tc, policy, lng);
  return (
    <span className="mt-1 block font-medium" data-testid="desk-cancel-cost">
      {free ? t('ask.cancel.free') : t('ask.cancel.fee', { fee: formatTaka(fee, lng), why })}
    </span>
  );
}
