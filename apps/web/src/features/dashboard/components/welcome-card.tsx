import { IdcardOutlined } from '@ant-design/icons';
import { Card, Descriptions, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/use-session';

/** The greeting at the top of the user and staff dashboards, with the membership number. */
export function WelcomeCard({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('dashboard');
  const { user } = useSession();
  if (!user) return null;
  return (
    <Card>
      <Typography.Title level={2} style={{ marginTop: 0, fontSize: 22 }}>
        {t('welcome', { name: user.name })}
      </Typography.Title>
      {/* slate-600 labels: antd's default label grey fails the contrast guideline (4.5:1). */}
      <Descriptions column={{ xs: 1, sm: 2 }} size="small" styles={{ label: { color: '#475569' } }}>
        <Descriptions.Item label={t('fields.email')}>{user.email}</Descriptions.Item>
        <Descriptions.Item label={t('fields.phone')}>{user.phone || '-'}</Descriptions.Item>
        <Descriptions.Item label={<span><IdcardOutlined /> {t('fields.membership')}</span>}>
          <span data-testid="membership-number">{user.membershipNumber}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.role')}>{t(`roles.${user.role}`)}</Descriptions.Item>
      </Descriptions>
      {children}
    </Card>
  );
}
