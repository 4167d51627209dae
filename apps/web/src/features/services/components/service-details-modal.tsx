import type { TServiceRequest } from '@residency/shared/services';
import { SERVICE_TYPE_LABELS, labelOf } from '@residency/shared/request-labels';
import { Button, Descriptions, Grid, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG_TEXT } from '../../../components/dashboard/tag-text';
import { roomNumberText } from '../../../lib/category-texts';
import { formatDateTime, formatShortDate } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { useCategoryName } from '../../../lib/use-category-name';
import { useLastShown } from '../../../lib/use-last-shown';

interface Props {
  request: TServiceRequest | null;
  onClose: () => void;
}

/** One service request in full: the guest and how to reach them, the room and stay, what they asked for, when. */
export function ServiceDetailsModal({ request, onClose }: Props) {
  const { t, i18n } = useTranslation('services');
  const titled = useLastShown(request);
  const lng = i18n.resolvedLanguage ?? 'en';
  const categoryName = useCategoryName();
  const screens = Grid.useBreakpoint();
  const timeZone = getSite().timeZone;

  return (
    <Modal
      open={request !== null}
      onCancel={onClose}
      title={titled ? t('details.title', { service: labelOf(SERVICE_TYPE_LABELS, titled.service, lng) }) : ''}
      width={720}
      destroyOnHidden
      footer={<Button onClick={onClose}>{t('details.close')}</Button>}
    >
      {request && (
        <Descriptions
          bordered
          size="small"
          column={screens.sm ? 2 : 1}
          data-testid="service-details"
          items={[
            { key: 'name', label: t('details.guest'), children: request.user.name },
            {
              key: 'email',
              label: t('details.email'),
              // A guest booked at the desk without an e-mail has none to write to.
              children: request.user.email ? (
                <a href={`mailto:${request.user.email}`} className="break-all">
                  {request.user.email}
                </a>
              ) : (
                t('details.none')
              ),
            },
            {
              key: 'phone',
              label: t('details.phone'),
              children: request.user.phone ? <a href={`tel:${request.user.phone.replace(/[^\d+]/g, '')}`}>{request.user.phone}</a> : t('details.none'),
            },
            {
              key: 'room',
              label: t('details.room'),
              children: t('roomValue', { category: categoryName(request.room.category), number: roomNumberText(request.room.roomNumber, lng) }),
            },
            {
              key: 'booking',
              label: t('details.booking'),
              children: (
                <span>
                  <Typography.Text copyable className="font-mono">
                    {request.booking.transactionId}
                  </Typography.Text>
                  <span className="block text-slate-600">
                    {formatShortDate(request.booking.startDate, lng)} ~ {formatShortDate(request.booking.endDate, lng)}
                  </span>
                </span>
              ),
            },
            { key: 'service', label: t('details.service'), children: labelOf(SERVICE_TYPE_LABELS, request.service, lng) },
            {
              key: 'state',
              label: t('details.state'),
              children: (
                <span>
                  <Tag color={request.isCompleted ? 'green' : 'gold'} className={`!m-0 ${TAG_TEXT[request.isCompleted ? 'green' : 'gold']}`}>
                    {request.isCompleted ? t('state.completed') : t('state.pending')}
                  </Tag>
                  {request.completedAt && (
                    <span className="mt-1 block text-slate-600">{t('details.completedAt', { time: formatDateTime(request.completedAt, lng, timeZone) })}</span>
                  )}
                </span>
              ),
            },
            { key: 'asked', label: t('details.askedAt'), children: formatDateTime(request.createdAt, lng, timeZone) },
            {
              key: 'description',
              label: t('details.description'),
              span: screens.sm ? 2 : 1,
              children: request.description ? <span className="whitespace-pre-line">{request.description}</span> : t('details.none'),
            },
          ]}
        />
      )}
    </Modal>
  );
}
