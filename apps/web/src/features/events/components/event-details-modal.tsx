import { EditOutlined } from '@ant-design/icons';
import type { TEventRequest } from '@residency/shared/events';
import { EVENT_LAYOUT_LABELS, EVENT_STATUS_LABELS, EVENT_TYPE_LABELS, FOOD_PREFERENCE_LABELS, labelOf } from '@residency/shared/request-labels';
import { imageSrcSet } from '@residency/shared/image-sizes';
import { Button, Descriptions, Grid, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TAG_TEXT } from '../../../components/dashboard/tag-text';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { getSite } from '../../../lib/site';
import { EVENT_STATUS_COLORS, formatEventDate, formatEventTimes } from '../event-display';
import { useLastShown } from '../../../lib/use-last-shown';

interface Props {
  request: TEventRequest | null;
  onClose: () => void;
  onUpdate: (request: TEventRequest) => void;
}

/** Every detail of one event request (spec: Details, modal width 800), with links to write or call. */
export function EventDetailsModal({ request, onClose, onUpdate }: Props) {
  const { t, i18n } = useTranslation('events');
  const titled = useLastShown(request);
  const lng = i18n.resolvedLanguage ?? 'en';
  const screens = Grid.useBreakpoint();

  return (
    <Modal
      open={request !== null}
      onCancel={onClose}
      title={titled ? t('admin.details.title', { reference: titled.reference }) : ''}
      width={800}
      destroyOnHidden
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          {request && (
            <Button icon={<EditOutlined aria-hidden />} onClick={() => onUpdate(request)}>
              {t('admin.actions.update')}
            </Button>
          )}
          <Button type="primary" onClick={onClose}>
            {t('admin.details.close')}
          </Button>
        </div>
      }
    >
      {request && (
        <div className="flex flex-col gap-4" data-testid="event-details">
          <Descriptions
            bordered
            size="small"
            column={screens.sm ? 2 : 1}
            items={[
              {
                key: 'reference',
                label: t('admin.details.reference'),
                children: (
                  <Typography.Text copyable className="font-mono">
                    {request.reference}
                  </Typography.Text>
                ),
              },
              {
                key: 'status',
                label: t('admin.columns.status'),
                children: (
                  <Tag color={EVENT_STATUS_COLORS[request.status]} className={`!m-0 ${TAG_TEXT[EVENT_STATUS_COLORS[request.status]]}`}>
                    {labelOf(EVENT_STATUS_LABELS, request.status, lng)}
                  </Tag>
                ),
              },
              { key: 'name', label: t('admin.details.name'), children: request.name },
              { key: 'company', label: t('admin.details.company'), children: request.company || t('admin.details.none') },
              {
                key: 'email',
                label: t('admin.details.email'),
                children: (
                  <a href={`mailto:${request.email}`} className="break-all">
                    {request.email}
                  </a>
                ),
              },
              {
                key: 'phone',
                label: t('admin.details.phone'),
                children: <a href={`tel:${request.phone.replace(/[^\d+]/g, '')}`}>{request.phone}</a>,
              },
              { key: 'type', label: t('admin.columns.type'), children: labelOf(EVENT_TYPE_LABELS, request.eventType, lng) },
              { key: 'layout', label: t('admin.columns.layout'), children: labelOf(EVENT_LAYOUT_LABELS, request.layout, lng) },
              { key: 'date', label: t('admin.details.date'), children: formatEventDate(request.date, lng) },
              { key: 'time', label: t('admin.details.time'), children: formatEventTimes(request.startTime, request.endTime, lng) },
              { key: 'guests', label: t('admin.columns.guests'), children: formatNumber(request.guestCount, lng) },
              { key: 'food', label: t('admin.details.food'), children: labelOf(FOOD_PREFERENCE_LABELS, request.foodPreference, lng) },
              {
                key: 'language',
                label: t('admin.details.language'),
                children: t(`admin.details.languages.${request.language}`),
              },
              { key: 'asked', label: t('admin.details.askedOn'), children: formatDateTime(request.createdAt, lng, getSite().timeZone) },
              {
                key: 'requirements',
                label: t('admin.details.requirements'),
                span: screens.sm ? 2 : 1,
                children: request.additionalRequirements ? (
                  <span className="whitespace-pre-line">{request.additionalRequirements}</span>
                ) : (
                  t('admin.details.none')
                ),
              },
            ]}
          />
          {request.preferenceImage && (
            <figure className="m-0">
              <Typography.Title level={3} style={{ fontSize: 16, marginTop: 4, marginBottom: 8 }}>
                {t('admin.details.picture')}
              </Typography.Title>
              <a href={request.preferenceImage} target="_blank" rel="noreferrer" className="block" aria-label={t('admin.details.openPicture')}>
                <img
                  src={request.preferenceImage}
                  srcSet={imageSrcSet(request.preferenceImage)}
                  sizes="(min-width: 840px) 750px, 90vw"
                  alt={t('admin.details.pictureAlt', { name: request.name })}
                  className="max-h-96 w-full rounded-lg bg-slate-50 object-contain ring-1 ring-slate-200"
                  data-testid="event-picture"
                />
              </a>
            </figure>
          )}
        </div>
      )}
    </Modal>
  );
}
