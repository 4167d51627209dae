import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WelcomeCard } from '../components/welcome-card';

/** Staff › Dashboard: the greeting and the day's date; the work screens are in the sidebar. */
export default function StaffDashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const navigate = useNavigate();
  const today = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'bn' ? 'bn-BD' : 'en-GB', { dateStyle: 'full' }).format(new Date());
  return (
    <WelcomeCard>
      <Typography.Paragraph className="!mt-4">{t('staff.intro', { date: today })}</Typography.Paragraph>
      <Space wrap>
        <Button type="primary" onClick={() => navigate('/profile')}>
          {t('user.editProfile')}
        </Button>
      </Space>
    </WelcomeCard>
  );
}
