import type { TBooking } from '@residency/shared';
import { addDays, todayAt } from '@residency/shared/dates';
import { nightsBetween } from '@residency/shared/pricing';
import { App, Button, Checkbox, Form, Input, InputNumber, Modal, Select, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roomNumberText } from '../../../../lib/category-texts';
import { formatShortDate } from '../../../../lib/format';
import { useGetRoomsQuery } from '../../../../lib/rooms-api';
import { getSite } from '../../../../lib/site';
import { useCategoryName } from '../../../../lib/use-category-name';
import { reservationsApi } from '../../reservations-api';
import { useDeskErrorText } from './desk-text';

/*
 * "Change stay" (staff and admins, issue 22): new dates, another room, one more room for the
 * reservation, or this room out of it. The server prices and decides availability; these forms
 * ask only what it needs and say its refusals in the reader's language.
 */

/** States whose dates or room the desk may change (the server says the same). */
const CHANGEABLE = new Set(['unconfirmed', 'confirmed', 'checked_in']);

/** The "Change stay" button of a booking's details, and its dialog. Nothing for a stay that is over. */
export function StayChange({ booking }: { booking: TBooking }) {
  const { t } = useTranslation('front-desk');
  const [open, setOpen] = useState(false);
  if (!CHANGEABLE.has(booking.state)) return null;
  return (
    <>
      <Button className="mt-3 ml-2" onClick={() => setOpen(true)} data-testid="open-stay-change">
        {t('stayChange.open')}
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} title={t('stayChange.title', { transactionId: booking.transactionId })} destroyOnHidden footer={null} width={560}>
        <Tabs
          items={[
            { key: 'dates', label: t('stayChange.dates'), children: <DatesForm booking={booking} onDone={() => setOpen(false)} /> },
            { key: 'move', label: t('stayChange.move'), children: <MoveForm booking={booking} onDone={() => setOpen(false)} /> },
            { key: 'add', label: t('stayChange.add'), children: <AddRoomForm booking={booking} onDone={() => setOpen(false)} /> },
            { key: 'remove', label: t('stayChange.remove'), children: <RemoveRoomForm booking={booking} onDone={() => setOpen(false)} /> },
          ]}
        />
      </Modal>
    </>
  );
}

type FormProps = { booking: TBooking; onDone: () => void };

const hotelToday = () => todayAt(getSite().timeZone);

/** What a form says under its fields: a problem found before sending, or the server's refusal. */
function Problem({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="alert" className="mt-0 text-sm text-red-700" data-testid="stay-change-problem">
      {text}
    </p>
  );
}

/** Sends a change, then says it is done and closes; a refusal stays on the form. */
function useSend(onDone: () => void) {
  const { t } = useTranslation('front-desk');
  const { message } = App.useApp();
  const errorText = useDeskErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const send = async (request: () => Promise<unknown>, done: string) => {
    setProblem(null);
    try {
      await request();
      message.success(done, 3);
      onDone();
    } catch (error) {
      setProblem(errorText(error, t('stayChange.failed')));
    }
  };
  return { problem, setProblem, send };
}

/** Free rooms for [checkIn, checkOut) that fit the guests, as Select options (`except`: left out). */
function useFreeRooms(stay: { checkIn: string; checkOut: string; adults: number; children: number }, except?: string) {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  const skip = !stay.checkIn || stay.checkOut <= stay.checkIn;
  const { data, isFetching } = useGetRoomsQuery(
    { checkIn: stay.checkIn, checkOut: stay.checkOut, limit: 100, guests: JSON.stringify({ adults: stay.adults, children: stay.children }) },
    { skip },
  );
  const options = (data?.data ?? [])
    .filter((r) => r._id !== except)
    .map((r) => ({ value: r._id, label: `${categoryName(r.category)} ${roomNumberText(r.room_overview.room_number, lng)}` }));
  return { options, loading: isFetching };
}

function DatesForm({ booking, onDone }: FormProps) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const inHouse = booking.state === 'checked_in';
  const [checkIn, setCheckIn] = useState(booking.startDate);
  const [checkOut, setCheckOut] = useState(booking.endDate);
  const [prices, setPrices] = useState<Record<string, number | null>>({});
  const [reason, setReason] = useState('');
  const { problem, setProblem, send } = useSend(onDone);
  const [change, { isLoading }] = reservationsApi.useChangeStayDatesMutation();
  const sold = new Set(booking.nightlyLines.map((n) => n.date));
  const count = checkIn && checkOut > checkIn ? Math.min(nightsBetween(checkIn, checkOut), 60) : 0;
  const newNights = Array.from({ length: count }, (_, i) => addDays(checkIn, i)).filter((d) => !sold.has(d));

  const submit = () => {
    if (!checkIn || !checkOut) return setProblem(t('stayChange.datesRequired'));
    if (checkOut <= checkIn) return setProblem(t('stayChange.datesOrder'));
    const priced = newNights.filter((d) => typeof prices[d] === 'number').map((d) => ({ date: d, price: prices[d] as number }));
    if (priced.length > 0 && reason.trim().length < 3) return setProblem(t('stayChange.reasonRequired'));
    const body = { checkIn, checkOut, ...(priced.length ? { prices: priced } : {}), ...(reason.trim() ? { reason: reason.trim() } : {}) };
    return send(() => change({ id: booking._id, reservationId: booking.reservationId, body }).unwrap(), t('stayChange.datesSaved'));
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} data-testid="stay-dates-form">
      <p className="mt-0 text-sm text-slate-700">{t('stayChange.datesIntro')}</p>
      <div className="grid grid-cols-2 gap-x-3">
        <Form.Item label={t('stayChange.checkIn')} htmlFor="stay-check-in" extra={inHouse ? t('stayChange.checkInKept') : undefined}>
          <Input id="stay-check-in" type="date" value={checkIn} disabled={inHouse} min={inHouse ? undefined : hotelToday()} onChange={(e) => setCheckIn(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('stayChange.checkOut')} htmlFor="stay-check-out">
          <Input id="stay-check-out" type="date" value={checkOut} onChange={(e) => setCheckOut(e.target.value)} />
        </Form.Item>
      </div>
      {newNights.length > 0 && (
        <div className="grid grid-cols-1 gap-x-3 sm:grid-cols-2">
          {newNights.map((d) => (
            <Form.Item key={d} label={t('stayChange.newNight', { date: formatShortDate(d, lng) })} htmlFor={`new-night-${d}`} className="!mb-3">
              <InputNumber
                id={`new-night-${d}`}
                prefix="৳"
                min={0}
                style={{ width: '100%' }}
                value={prices[d] ?? null}
                onChange={(value) => setPrices((p) => ({ ...p, [d]: value }))}
              />
            </Form.Item>
          ))}
        </div>
      )}
      <Form.Item label={t('stayChange.reason')} htmlFor="stay-dates-reason">
        <Input.TextArea id="stay-dates-reason" rows={2} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Form.Item>
      <Problem text={problem} />
      <Actions onCancel={onDone} save={t('stayChange.saveDates')} busy={isLoading} />
    </Form>
  );
}

function MoveForm({ booking, onDone }: FormProps) {
  const { t } = useTranslation('front-desk');
  const today = hotelToday();
  // In the house since before today: the guest moves for the nights left.
  const from = booking.state === 'checked_in' && today > booking.startDate ? today : booking.startDate;
  const { options, loading } = useFreeRooms({ checkIn: from, checkOut: booking.endDate, adults: booking.adults, children: booking.children }, booking.room._id);
  const [roomId, setRoomId] = useState<string | undefined>();
  const [keepPrice, setKeepPrice] = useState(true);
  const [reason, setReason] = useState('');
  const { problem, setProblem, send } = useSend(onDone);
  const [move, { isLoading }] = reservationsApi.useMoveGuestMutation();

  const submit = () => {
    if (!roomId) return setProblem(t('stayChange.roomRequired'));
    if (!keepPrice && reason.trim().length < 3) return setProblem(t('stayChange.reasonRequired'));
    const body = { roomId, keepPrice, ...(reason.trim() ? { reason: reason.trim() } : {}) };
    return send(() => move({ id: booking._id, reservationId: booking.reservationId, body }).unwrap(), t('stayChange.moved'));
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} data-testid="stay-move-form">
      <p className="mt-0 text-sm text-slate-700">{t('stayChange.moveIntro')}</p>
      <Form.Item label={t('stayChange.room')} htmlFor="stay-move-room">
        <Select id="stay-move-room" options={options} loading={loading} value={roomId} onChange={setRoomId} notFoundContent={t('stayChange.noRooms')} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
      <Form.Item>
        <Checkbox checked={keepPrice} onChange={(e) => setKeepPrice(e.target.checked)}>
          {t('stayChange.keepPrice')}
        </Checkbox>
      </Form.Item>
      <Form.Item label={t('stayChange.reason')} htmlFor="stay-move-reason" required={!keepPrice}>
        <Input.TextArea id="stay-move-reason" rows={2} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Form.Item>
      <Problem text={problem} />
      <Actions onCancel={onDone} save={t('stayChange.saveMove')} busy={isLoading} />
    </Form>
  );
}

function AddRoomForm({ booking, onDone }: FormProps) {
  const { t } = useTranslation('front-desk');
  const { data: reservation } = reservationsApi.useGetReservationQuery(booking.reservationId);
  const today = hotelToday();
  const stay = reservation?.data ?? { checkIn: booking.startDate, checkOut: booking.endDate };
  // The reservation's dates, from today on when its guests are in the house already.
  const checkIn = stay.checkIn < today ? today : stay.checkIn;
  const [adults, setAdults] = useState(2);
  const [children, setChildren] = useState(0);
  const { options, loading } = useFreeRooms({ checkIn, checkOut: stay.checkOut, adults, children });
  const [roomId, setRoomId] = useState<string | undefined>();
  const { problem, setProblem, send } = useSend(onDone);
  const [add, { isLoading }] = reservationsApi.useAddReservationRoomMutation();

  const submit = () => {
    if (!roomId) return setProblem(t('stayChange.roomRequired'));
    return send(() => add({ id: booking.reservationId, body: { roomId, adults, children } }).unwrap(), t('stayChange.added'));
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} data-testid="stay-add-form">
      <p className="mt-0 text-sm text-slate-700">{t('stayChange.addIntro')}</p>
      <div className="grid grid-cols-2 gap-x-3">
        <Form.Item label={t('stayChange.adults')} htmlFor="stay-add-adults">
          <InputNumber id="stay-add-adults" min={1} max={3} precision={0} style={{ width: '100%' }} value={adults} onChange={(v) => setAdults(v ?? 1)} />
        </Form.Item>
        <Form.Item label={t('stayChange.children')} htmlFor="stay-add-children">
          <InputNumber id="stay-add-children" min={0} max={2} precision={0} style={{ width: '100%' }} value={children} onChange={(v) => setChildren(v ?? 0)} />
        </Form.Item>
      </div>
      <Form.Item label={t('stayChange.room')} htmlFor="stay-add-room">
        <Select id="stay-add-room" options={options} loading={loading} value={roomId} onChange={setRoomId} notFoundContent={t('stayChange.noRooms')} showSearch={{ optionFilterProp: 'label' }} />
      </Form.Item>
      <Problem text={problem} />
      <Actions onCancel={onDone} save={t('stayChange.saveAdd')} busy={isLoading} />
    </Form>
  );
}

function RemoveRoomForm({ booking, onDone }: FormProps) {
  const { t, i18n } = useTranslation('front-desk');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { data: reservation } = reservationsApi.useGetReservationQuery(booking.reservationId);
  const [reason, setReason] = useState('');
  const { problem, setProblem, send } = useSend(onDone);
  const [remove, { isLoading }] = reservationsApi.useRemoveReservationRoomMutation();
  const others = (reservation?.data.bookings ?? []).filter((b) => b._id !== booking._id && b.status === 'active');

  if (booking.state === 'checked_in') return <p className="text-sm text-slate-700">{t('stayChange.notRemovable')}</p>;
  if (reservation && others.length === 0) return <p className="text-sm text-slate-700" data-testid="stay-only-room">{t('stayChange.onlyRoom')}</p>;

  const submit = () => {
    if (reason.trim().length < 3) return setProblem(t('stayChange.reasonRequired'));
    return send(() => remove({ id: booking.reservationId, bookingId: booking._id, reason: reason.trim() }).unwrap(), t('stayChange.removed'));
  };

  return (
    <Form layout="vertical" onFinish={() => void submit()} data-testid="stay-remove-form">
      <p className="mt-0 text-sm text-slate-700">{t('stayChange.removeIntro', { room: roomNumberText(booking.room.roomNumber, lng) })}</p>
      <Form.Item label={t('stayChange.reason')} htmlFor="stay-remove-reason" required>
        <Input.TextArea id="stay-remove-reason" rows={2} maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Form.Item>
      <Problem text={problem} />
      <Actions onCancel={onDone} save={t('stayChange.saveRemove')} busy={isLoading} danger />
    </Form>
  );
}

function Actions({ onCancel, save, busy, danger }: { onCancel: () => void; save: string; busy: boolean; danger?: boolean }) {
  const { t } = useTranslation('front-desk');
  return (
    <div className="flex justify-end gap-2">
      <Button onClick={onCancel}>{t('stayChange.cancel')}</Button>
      <Button type="primary" htmlType="submit" loading={busy} danger={danger}>
        {save}
      </Button>
    </div>
  );
}
