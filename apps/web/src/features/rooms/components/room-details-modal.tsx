import type { TRoom } from '@residency/shared';
import { imageSrcSet, imageVariant } from '@residency/shared/image-sizes';
import { Descriptions, Modal, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { roomNumberText } from '../../../lib/category-texts';
import { formatNumber, formatTaka } from '../../../lib/format';
import { TEMPLATE_FIELDS, TEMPLATE_SECTIONS } from '../../../components/room-template/room-template';
import { RoomImage } from '../../../components/room-image';
import { StatusTag } from './status-tag';
import { useLastShown } from '../../../lib/use-last-shown';

/**
 * Everything about one room, section by section, as the Details control of the rooms list shows
 * it; `blocks` are the nights it is not for sale (from a channel or the desk), under its status.
 */
export function RoomDetailsModal({ room, blocks, onClose }: { room: TRoom | null; blocks?: ReactNode; onClose: () => void }) {
  const { t, i18n } = useTranslation('rooms');
  const titled = useLastShown(room);
  const lng = i18n.resolvedLanguage ?? 'en';
  const show = (value: unknown) => {
    if (typeof value === 'boolean') return value ? t('details.yes') : t('details.no');
    if (Array.isArray(value)) return value.length ? value.join(', ') : '-';
    if (value === undefined || value === null || value === '') return '-';
    if (typeof value === 'number') return formatNumber(value, lng);
    return String(value);
  };

  return (
    <Modal
      open={!!room}
      onCancel={onClose}
      footer={null}
      width={800}
      title={titled ? t('details.title', { number: roomNumberText(titled.room_overview.room_number, lng), name: titled.room_overview.name }) : ''}
      destroyOnHidden
    >
      {room && (
        <div className="flex flex-col gap-5" data-testid="room-details">
          <div className="flex flex-wrap items-center gap-3">
            <StatusTag status={room.status} />
            <Typography.Text strong>
              {t('details.price', { price: formatTaka(room.price, lng) })}
            </Typography.Text>
            <Typography.Text type="secondary">{room.category}</Typography.Text>
          </div>
          {blocks}
          {room.images.length > 0 ? (
            <div className="grid grid-cols-3 gap-2">
              {room.images.map((url) => (
                <RoomImage
                  key={url}
                  src={imageVariant(url, 320)}
                  name={room.room_overview.name || room.category}
                  srcSet={imageSrcSet(url)}
                  sizes="250px"
                  alt=""
                  className="aspect-[4/3] w-full rounded-md object-cover"
                  fallbackClassName="aspect-[4/3] w-full rounded-md"
                />
              ))}
            </div>
          ) : (
            <Typography.Text type="secondary">{t('details.noImages')}</Typography.Text>
          )}
          <Descriptions
            title={t('sections.room_overview')}
            size="small"
            bordered
            column={{ xs: 1, sm: 2 }}
            items={[
              { key: 'room_number', label: t('fields.room_overview.room_number'), children: roomNumberText(room.room_overview.room_number, lng) },
              { key: 'name', label: t('fields.room_overview.name'), children: room.room_overview.name },
              { key: 'size', label: t('fields.room_overview.size'), children: show(room.room_overview.size) },
              {
                key: 'wireless_internet',
                label: t('fields.room_overview.wireless_internet'),
                children: show(room.room_overview.wireless_internet),
              },
              {
                key: 'description',
                label: t('fields.room_overview.description'),
                children: show(room.room_overview.description),
                span: 'filled',
              },
            ]}
          />
          <div>
            <Typography.Title level={5}>{t('sections.special_benefits')}</Typography.Title>
            {room.special_benefits.length ? (
              <div className="flex flex-wrap gap-2">
                {room.special_benefits.map((b) => (
                  <Tag key={b} color="geekblue" className="!m-0">
                    {b}
                  </Tag>
                ))}
              </div>
            ) : (
              '-'
            )}
          </div>
          {TEMPLATE_SECTIONS.map((section) => (
            <Descriptions
              key={section}
              title={t(`sections.${section}`)}
              size="small"
              bordered
              column={{ xs: 1, sm: 2 }}
              items={TEMPLATE_FIELDS[section].map((field) => ({
                key: field.name,
                label: t(`fields.${section}.${field.name}`),
                children: show((room[section] as Record<string, unknown>)[field.name]),
              }))}
            />
          ))}
        </div>
      )}
    </Modal>
  );
}
