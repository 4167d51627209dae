import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { TCoupon } from '@residency/shared';
import { todayAt } from '@residency/shared/dates';
import { App, Button, Card, Empty, Popconfirm, Skeleton, Switch, Tag } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { getSite } from '../../../lib/site';
import { useDeleteCouponMutation, useGetCouponsQuery, useUpdateCouponMutation } from '../api';
import { CouponFormModal } from '../components/coupon-form-modal';
import { couponDiscountText, couponExpiry, couponLimitText, couponMinimumText, couponUsedUp, formatCouponDate } from '../coupon-display';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';

/**
 * Admin › Manage discount (spec section 2, Coupon management): a card per coupon with its
 * code, Active/Inactive, discount, minimum purchase (or None), usage limit (or Unlimited),
 * expiry (or No expiry), an active switch, edit and delete; the Add New Coupon modal, which
 * also edits a coupon.
 */
export default function CouponsPage() {
  const { t } = useTranslation('coupons');
  const [adding, setAdding] = useState(false);
  // Kept by id, so the modal edits the coupon as the list has it now.
  const [editingId, setEditingId] = useState<string | null>(null);
  const { data, isLoading, isError, error, refetch } = useGetCouponsQuery();
  const coupons = data?.data ?? [];
  const editing = coupons.find((c) => c._id === editingId) ?? null;
  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
      {t('add')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-4">
      <Card size="small" className="!px-1 sm:!px-3">
        <div className="flex flex-wrap items-center justify-between gap-3 py-1">
          <ScreenHeading title={t('title')} subtitle={t('subtitle')} />
          {addButton}
        </div>
      </Card>

      {isError && (
        <LoadError error={error} fallback={t('loadFailed')} retryLabel={t('retry')} onRetry={refetch} />
      )}

      {isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : coupons.length === 0 && !isError ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')}>
            {addButton}
          </Empty>
        </Card>
      ) : (
        <ul className="m-0 grid list-none gap-4 p-0 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4" aria-label={t('listLabel')}>
          {coupons.map((coupon) => (
            <li key={coupon._id}>
              <CouponCard coupon={coupon} onEdit={() => setEditingId(coupon._id)} />
            </li>
          ))}
        </ul>
      )}

      {/* One modal for adding and editing: two would share the form's field ids. */}
      <CouponFormModal
        open={adding || editing !== null}
        coupon={adding ? null : editing}
        onClose={() => {
          setAdding(false);
          setEditingId(null);
        }}
      />
    </div>
  );
}

function CouponCard({ coupon, onEdit }: { coupon: TCoupon; onEdit: () => void }) {
  const { t, i18n } = useTranslation('coupons');
  const errorText = useErrorText();
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const [deleteCoupon, { isLoading: deleting }] = useDeleteCouponMutation();
  const [updateCoupon, { isLoading: switching }] = useUpdateCouponMutation();
  const switchLabel = useId();
  const expiry = couponExpiry(coupon, todayAt(getSite().timeZone));
  const minimum = couponMinimumText(coupon, lng);
  const limit = couponLimitText(coupon, lng);
  const used = formatNumber(coupon.usedCount, lng);

  const remove = async () => {
    try {
      await deleteCoupon(coupon._id).unwrap();
      message.success(t('messages.deleted', { code: coupon.code }), 3);
    } catch (err) {
      message.error(errorText(err, t('messages.deleteFailed')), 3);
    }
  };

  const switchActive = async (isActive: boolean) => {
    try {
      await updateCoupon({ id: coupon._id, patch: { isActive } }).unwrap();
      message.success(t(isActive ? 'messages.switchedOn' : 'messages.switchedOff', { code: coupon.code }), 3);
    } catch (err) {
      message.error(errorText(err, t('messages.updateFailed')), 5);
    }
  };

  return (
    <Card
      size="small"
      className={`h-full ${!coupon.isActive || expiry === 'expired' ? '!bg-slate-50' : ''}`}
      data-testid={`coupon-${coupon.code}`}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 12, height: '100%' } }}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <span className="block text-xs tracking-wide text-slate-600 uppercase">{t('card.code')}</span>
          <span className="block font-mono text-lg font-semibold break-all text-slate-900">{coupon.code}</span>
        </div>
        <div className="flex flex-wrap justify-end gap-1.5">
          <Tag color={coupon.isActive ? 'green' : 'default'} className={`!m-0 ${coupon.isActive ? '!text-green-800' : ''}`} data-testid="coupon-active">
            {coupon.isActive ? t('card.active') : t('card.inactive')}
          </Tag>
          {expiry === 'expired' && (
            <Tag color="red" className="!m-0 !text-red-800">
              {t('card.expired')}
            </Tag>
          )}
          {couponUsedUp(coupon) && (
            <Tag color="orange" className="!m-0 !text-orange-800">
              {t('card.usedUp')}
            </Tag>
          )}
        </div>
      </div>

      <div className="text-brand-800 text-3xl leading-none font-semibold" data-testid="coupon-discount">
        {t('card.off', { value: couponDiscountText(coupon, lng) })}
        <span className="ml-2 align-middle text-xs font-normal text-slate-600">{t(`types.${coupon.discountType}`)}</span>
      </div>

      <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <dt className="text-slate-600">{t('card.minimum')}</dt>
        <dd className="m-0 text-right font-medium text-slate-800" data-testid="coupon-minimum">
          {minimum ?? t('card.none')}
        </dd>
        <dt className="text-slate-600">{t('card.usageLimit')}</dt>
        <dd className="m-0 text-right font-medium text-slate-800" data-testid="coupon-limit">
          {limit ?? t('card.unlimited')} <span className="font-normal text-slate-600">({t('card.used', { count: coupon.usedCount, n: used })})</span>
        </dd>
        <dt className="text-slate-600">{expiry === 'expired' ? t('card.expiredOn') : t('card.expires')}</dt>
        <dd className={`m-0 text-right font-medium ${expiry === 'expired' ? 'text-red-700' : 'text-slate-800'}`} data-testid="coupon-expiry">
          {expiry === 'none' ? t('card.noExpiry') : formatCouponDate(coupon.expirationDate, lng)}
        </dd>
      </dl>

      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <label className="flex cursor-pointer items-center gap-2 text-sm text-slate-700" htmlFor={switchLabel}>
          <Switch
            id={switchLabel}
            checked={coupon.isActive}
            loading={switching}
            onChange={(on) => void switchActive(on)}
            aria-label={t('activeSwitchLabel', { code: coupon.code })}
            data-testid="coupon-active-switch"
          />
          {t('activeSwitch')}
        </label>
        <div className="flex flex-wrap gap-2">
          <Button icon={<EditOutlined aria-hidden />} onClick={onEdit} aria-label={t('editCode', { code: coupon.code })}>
            {t('edit')}
          </Button>
          <Popconfirm
            title={t('confirmDelete.title')}
            description={<span className="block max-w-64">{t('confirmDelete.text', { code: coupon.code })}</span>}
            okText={t('confirmDelete.ok')}
            cancelText={t('confirmDelete.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={remove}
          >
            <Button danger className="enabled:!text-red-700" icon={<DeleteOutlined aria-hidden />} loading={deleting} aria-label={t('deleteCode', { code: coupon.code })}>
              {t('delete')}
            </Button>
          </Popconfirm>
        </div>
      </div>
    </Card>
  );
}
