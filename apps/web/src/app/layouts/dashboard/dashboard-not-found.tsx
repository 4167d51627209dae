import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/**
 * A path inside a dashboard that is no screen: said in the dashboard's own style, with the way
 * back to this role's dashboard (not the guests' home page and contact form).
 */
export default function DashboardNotFound() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const area = useLocation().pathname.split('/')[1] || 'user';
  return (
    <div data-testid="error-page">
      <Result
        status="404"
        title={<h2 className="m-0 text-2xl font-semibold text-slate-900">{t('notFound.title')}</h2>}
        subTitle={t('notFound.text')}
        extra={
          <div className="flex flex-wrap justify-center gap-3">
            <Button type="primary" onClick={() => navigate(`/${area}/dashboard`)}>
              {t('notFound.toDashboard')}
            </Button>
            <Button onClick={() => navigate('/')}>{t('backToSite')}</Button>
          </div>
        }
      />
    </div>
  );
}
