import { chargeLines, ZChargeCreate, type TChargeType } from '@residency/shared';
import { todayAt } from '@residency/shared/dates';
import type { TServiceRequest } from '@residency/shared/services';
import { App, Button, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { roomNumberText } from '../../../../../lib/category-texts';
import { formatTaka } from '../../../../../lib/format';
import { getSite } from '../../../../../lib/site';
import { reservationsApi } from '../../../reservations-api';
import { chargeTypeName, useGetChargeTypesQuery } from '../../../../../lib/charge-types-api';
import { useContractCheck, useFolioErrorText } from '../../../../../lib/folio-texts';

/** What a completed service request is charged as, to start with: its own charge type where there is one. */
const CHARGE_TYPE_OF: Partial<Record<TServiceRequest['service'], string>> = { laundry: 'laundry', room_service: 'room_service' };

/** The charge type the form starts from: the service's own, else `other`, when the desk may post it. */
function chargeTypeFor(service: TServiceRequest['service'], types: readonly TChargeType[]): string | undefined {
  const code = CHARGE_TYPE_OF[service] ?? 'other';
  return types.find((type) => type.code === code && type.active)?.code;
}

const FIELDS = ['chargeType', 'unitPrice', 'description'] as const;

interface Values {
  chargeType?: string;
  unitPrice?: number | null;
  description?: string;
}

/** The request to charge, as the service requests list has it. */
export type ChargeableRequest = Pick<TServiceRequest, '_id' | 'service' | 'description' | 'booking' | 'room' | 'user'>;

/**
 * "Charge to folio" of a completed service request (issue 22): a charge type (the service's own
 * to start with: laundry, room service, else other), the amount and a description (the guest's
 * words), posted to the request's room on its reservation's folio with the type's service charge
 * and VAT, which the form adds up before it is sent. The server refuses a request that is not
 * completed, or one charged already.
 */
export function ChargeRequestModal({
  open,
  request,
  serviceName,
  onClose,
  onCharged,
}: {
  open: boolean;
  /** The request to charge; kept while the dialog closes, so its title stays. */
  request: ChargeableRequest | null;
  /** The request's service in the reader's words (the dialog's title). */
  serviceName: string;
  onClose: () => void;
  /** After the charge is posted (the list then shows the request charged). */
  onCharged?: () => void;
}) {
  const { t, i18n } = useTranslation('folio');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const check = useContractCheck();
  const errorText = useFolioErrorText();
  const { data: typesAnswer, isLoading: typesLoading } = useGetChargeTypesQuery(undefined, { skip: !open });
  const [postCharge, { isLoading }] = reservationsApi.usePostChargeMutation();
  const types = (typesAnswer?.data ?? []).filter((type) => type.active);
  const code = Form.useWatch('chargeType', form);
  const unitPrice = Form.useWatch('unitPrice', form);
  const chosen = types.find((type) => type.code === code);

  useEffect(() => {
    if (!open || !request) return;
    const offered = (typesAnswer?.data ?? []).filter((type) => type.active);
    form.resetFields();
    const start = chargeTypeFor(request.service, offered);
    const type = offered.find((candidate) => candidate.code === start);
    form.setFieldsValue({ chargeType: start, unitPrice: type?.defaultPrice ?? null, description: request.description.slice(0, 200) });
  }, [open, request, typesAnswer, form]);

  // What the guest's folio gets: the amount, then the type's service charge and VAT.
  const lines =
    chosen && typeof unitPrice === 'number' && unitPrice > 0
      ? chargeLines({
          kind: 'charge',
          chargeType: chosen.code,
          description: '',
          serviceDate: '',
          quantity: 1,
          unitPrice,
          serviceChargePercent: chosen.serviceChargePercent,
          vatPercent: chosen.vatPercent,
        })
      : [];
  const part = (kind: string) => lines.find((line) => line.kind === kind)?.amount ?? 0;
  const total = lines.reduce((sum, line) => sum + line.amount, 0);

  const submit = async () => {
    if (!request) return;
    const v = form.getFieldsValue(true) as Values;
    const description = v.description?.trim();
    const body = check(ZChargeCreate, {
      chargeType: v.chargeType ?? '',
      unitPrice: v.unitPrice ?? undefined,
      quantity: 1,
      ...(description ? { description } : {}),
      serviceDate: todayAt(getSite().timeZone),
      serviceRequestId: request._id,
    });
    // The contract takes no price for a type that has its own; a service request is always charged an amount.
    const amountMissing = v.unitPrice == null ? [{ name: 'unitPrice', errors: [t('errors.amountRequired')] }] : [];
    if (!body.ok || amountMissing.length > 0) {
      const problems = [...amountMissing, ...(body.ok ? [] : body.fields)];
      const shown = problems.filter((p, i) => FIELDS.includes(p.name as (typeof FIELDS)[number]) && problems.findIndex((q) => q.name === p.name) === i);
      // The last attempt's problems go; only this one's are shown.
      const cleared = FIELDS.map((name) => ({ name, errors: [] as string[] }));
      form.setFields([...cleared, ...shown] as Parameters<typeof form.setFields>[0]);
      // A problem with no field of its own (the request's id) is the screen's, not the person's: said plainly.
      if (shown.length < new Set(problems.map((p) => p.name)).size) message.error(t('charge.failed'), 6);
      return;
    }
    try {
      await postCharge({ id: request.booking.reservationId, body: body.data }).unwrap();
      message.success(t('charge.done', { amount: formatTaka(total, lng), room: roomNumberText(request.room.roomNumber, lng) }), 4);
      onCharged?.();
      onClose();
    } catch (err) {
      message.error(errorText(err, t('charge.failed')), 6);
    }
  };

  return (
    <Modal open={open} onCancel={onClose} title={t('charge.title', { service: serviceName })} footer={null} destroyOnHidden width={480}>
      {request && (
        <p className="mt-0 mb-4 text-slate-700" data-testid="charge-request-who">
          {t('charge.who', { name: request.user.name, room: roomNumberText(request.room.roomNumber, lng), reference: request.booking.transactionId })}
        </p>
      )}
      <Form<Values> form={form} name="charge-request" layout="vertical" requiredMark={false} onFinish={() => void submit()} noValidate data-testid="charge-request-form">
        <Form.Item name="chargeType" label={t('charge.chargeType')}>
          <Select
            loading={typesLoading}
            options={types.map((type) => ({ value: type.code, label: chargeTypeName(type, lng) }))}
            onChange={(next: string) => {
              const type = types.find((candidate) => candidate.code === next);
              if (type?.defaultPrice != null && form.getFieldValue('unitPrice') == null) form.setFieldValue('unitPrice', type.defaultPrice);
            }}
            data-testid="charge-request-type"
          />
        </Form.Item>
        <Form.Item name="unitPrice" label={t('charge.amount')} extra={t('charge.amountHelp')}>
          <InputNumber prefix="৳" min={0} step={50} inputMode="decimal" style={{ width: '100%' }} data-testid="charge-request-amount" />
        </Form.Item>
        <Form.Item name="description" label={t('charge.description')}>
          <Input maxLength={200} />
        </Form.Item>
        {lines.length > 0 && (
          <p className="mt-0 mb-4 rounded-md bg-slate-50 p-2 text-sm text-slate-700" role="status" data-testid="charge-request-total">
            {t('charge.total', {
              amount: formatTaka(part('charge'), lng),
              service: formatTaka(part('service_charge'), lng),
              vat: formatTaka(part('vat'), lng),
              total: formatTaka(total, lng),
            })}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={isLoading} data-testid="charge-request-submit">
            {t('charge.submit')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
