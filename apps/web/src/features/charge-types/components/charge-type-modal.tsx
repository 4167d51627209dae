import { ZChargeTypeParams, ZChargeTypeSave, type TChargeType } from '@residency/shared';
import { App, Button, Form, Input, InputNumber, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveChargeTypeMutation } from '../api';
import { chargeTypeName } from '../../../lib/charge-types-api';
import { useContractCheck, useFolioErrorText, type FieldErrors } from '../../../lib/folio-texts';

interface Values {
  code?: string;
  nameEn?: string;
  nameBn?: string;
  defaultPrice?: number | null;
  serviceChargePercent?: number | null;
  vatPercent?: number | null;
  active?: boolean;
}

const FIELDS = ['code', 'nameEn', 'nameBn', 'defaultPrice', 'serviceChargePercent', 'vatPercent', 'active'] as const;

/** A new charge type starts as the desk's usual extras are taxed: 10 % service charge, 15 % VAT. */
const NEW_TYPE: Values = { serviceChargePercent: 10, vatPercent: 15, active: true, defaultPrice: null };

/**
 * Add or edit a charge type (admins): its names in both languages, the price the desk's form
 * starts from (empty: typed each time), its service charge and VAT, and whether the desk may post
 * it. Checked with the API's own contract; a new type's code cannot be one already in use
 * (saving would change that type instead), and an existing type's code stays.
 */
export function ChargeTypeModal({
  open,
  editing,
  takenCodes,
  onClose,
}: {
  open: boolean;
  /** The type to edit; null to add one. */
  editing: TChargeType | null;
  takenCodes: readonly string[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('folio');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const check = useContractCheck();
  const errorText = useFolioErrorText();
  const [save, { isLoading }] = useSaveChargeTypeMutation();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? { ...editing } : NEW_TYPE);
  }, [open, editing, form]);

  const submit = async () => {
    const v = form.getFieldsValue(true) as Values;
    const code = editing ? editing.code : (v.code ?? '').trim();
    const problems: FieldErrors = [];
    if (!editing) {
      const codeCheck = check(ZChargeTypeParams, { code });
      if (!codeCheck.ok) problems.push(...codeCheck.fields);
      else if (takenCodes.includes(code)) problems.push({ name: 'code', errors: [t('errors.codeTaken')] });
    }
    const body = check(ZChargeTypeSave, {
      nameEn: v.nameEn ?? '',
      nameBn: v.nameBn ?? '',
      defaultPrice: v.defaultPrice ?? null,
      serviceChargePercent: v.serviceChargePercent ?? undefined,
      vatPercent: v.vatPercent ?? undefined,
      active: v.active ?? true,
    });
    if (!body.ok) problems.push(...body.fields);
    if (problems.length > 0 || !body.ok) {
      // The last attempt's problems go; only this one's are shown.
      const cleared = FIELDS.map((name) => ({ name, errors: [] as string[] }));
      form.setFields([...cleared, ...problems] as Parameters<typeof form.setFields>[0]);
      return;
    }
    try {
      await save({ code, body: body.data }).unwrap();
      message.success(t(editing ? 'types.saved' : 'types.added', { name: chargeTypeName(body.data, lng) }), 3);
      onClose();
    } catch (err) {
      message.error(errorText(err, t('types.saveFailed')), 6);
    }
  };

  const percent = { min: 0, max: 100, step: 1, suffix: '%', inputMode: 'decimal' as const, style: { width: '100%' } };
  return (
    <Modal open={open} onCancel={onClose} title={editing ? t('types.editTitle', { name: chargeTypeName(editing, lng) }) : t('types.addTitle')} footer={null} destroyOnHidden width={520}>
      <Form<Values> form={form} name="charge-type" layout="vertical" requiredMark={false} onFinish={() => void submit()} noValidate data-testid="charge-type-form">
        {editing ? (
          <Form.Item label={t('types.code')}>
            <span className="font-mono text-slate-800" data-testid="charge-type-code">
              {editing.code}
            </span>
          </Form.Item>
        ) : (
          <Form.Item name="code" label={t('types.code')} extra={t('types.codeHelp')}>
            <Input autoComplete="off" autoCapitalize="none" spellCheck={false} maxLength={32} className="font-mono" />
          </Form.Item>
        )}
        <Form.Item name="nameEn" label={t('types.nameEn')}>
          <Input maxLength={60} lang="en" />
        </Form.Item>
        <Form.Item name="nameBn" label={t('types.nameBn')}>
          <Input maxLength={60} lang="bn" />
        </Form.Item>
        <Form.Item name="defaultPrice" label={t('types.defaultPrice')} extra={t('types.defaultPriceHelp')}>
          <InputNumber prefix="৳" min={0} step={100} inputMode="decimal" style={{ width: '100%' }} />
        </Form.Item>
        <div className="grid grid-cols-2 gap-3">
          <Form.Item name="serviceChargePercent" label={t('types.serviceCharge')}>
            <InputNumber {...percent} />
          </Form.Item>
          <Form.Item name="vatPercent" label={t('types.vat')}>
            <InputNumber {...percent} />
          </Form.Item>
        </div>
        <Form.Item name="active" label={t('types.active')} valuePropName="checked" extra={t('types.activeHelp')}>
          <Switch />
        </Form.Item>
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={onClose}>{t('cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={isLoading} data-testid="charge-type-submit">
            {t('types.save')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
