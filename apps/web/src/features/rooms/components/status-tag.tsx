import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { statusColor } from '../room-form-rules';

/** A room status as a coloured, upper-case tag (available green, booked blue, maintenance red, cleaning orange, else gray). */
export function StatusTag({ status }: { status: string }) {
  const { t, i18n } = useTranslation('rooms');
  return (
    <Tag color={statusColor(status)} className="!m-0" data-testid="room-status">
      {t(`status.${status}`, { defaultValue: status }).toLocaleUpperCase(i18n.resolvedLanguage)}
    </Tag>
  );
}
