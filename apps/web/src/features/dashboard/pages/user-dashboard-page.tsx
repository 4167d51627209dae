import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WelcomeCard } from '../components/welcome-card';

/** User › Dashboard: who you are, your membership, where to go next. */
export default function UserDashboardPage() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  return (
    <WelcomeCard>
      <Typography.Paragraph className="!mt-4">{t('user.intro')}</Typography.Paragraph>
      <Space wrap>
        <Button type="primary" onClick={() => navigate('/profile')}>
          {t('user.editProfile')}
        </Button>
        <Button onClick={() => navigate('/membership-benefits')}>{t('user.benefits')}</Button>
        <Button onClick={() => navigate('/contact')}>{t('user.contact')}</Button>
      </Space>
    </WelcomeCard>
  );
}
