import { ExportOutlined, LogoutOutlined, MenuOutlined, UserOutlined } from '@ant-design/icons';
import type { Role } from '@residency/shared';
import { App as AntApp, Avatar, Button, ConfigProvider, Drawer, Grid, Layout, Menu, Spin, Typography } from 'antd';
import bnBD from 'antd/locale/bn_BD';
import enUS from 'antd/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/bn';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { LanguageSwitcher } from '../../../components/language-switcher';
import { useSession } from '../../../lib/use-session';
import { AdminSearch } from './admin-search';
import { DASHBOARD_LINKS, EXTRA_TITLES } from './dashboard-nav';
import { getSite } from '../../../lib/site';

const { Sider, Header, Content } = Layout;

// antd's secondary, description and placeholder greys (#8c8c8c on white, 3.4:1; placeholders
// lighter still) are too faint for WCAG AA text, and so are its status colours as text: red
// buttons (#ff4d4f, 3.3:1), green and gold tags. These reach 4.5:1 on white and on their tints.
const THEME = {
  token: {
    colorPrimary: '#14504f',
    borderRadius: 8,
    fontFamily: 'inherit',
    colorTextSecondary: '#52606d',
    colorTextDescription: '#52606d',
    colorTextPlaceholder: '#64748b',
    // Links in the brand colour (antd's own blue, #1677ff, is 4.1:1 on white), and over the
    // app's Tailwind colours: antd's unlayered styles win over Tailwind's layered utilities.
    colorLink: '#14504f',
    colorError: '#b42318',
    colorSuccess: '#237804',
    colorWarning: '#ad6800',
  },
  components: { Layout: { siderBg: '#0f3d3e', headerBg: '#ffffff' }, Menu: { darkItemBg: '#0f3d3e', darkItemSelectedBg: '#1f6f6c' } },
};

/** The dashboard shell: sidebar (a drawer on phones), section title, admin search, content. */
export default function DashboardLayout() {
  const { t, i18n } = useTranslation('dashboard');
  const { role, user, signOut } = useSession();
  const screens = Grid.useBreakpoint();
  const phone = !screens.lg;
  const [drawer, setDrawer] = useState(false);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const links = DASHBOARD_LINKS[(role ?? 'user') as Role];
  const section = pathname.split('/')[2] ?? 'dashboard';
  const current = links.find((l) => l.path === section);
  const title = t(current?.label ?? EXTRA_TITLES[section] ?? 'nav.dashboard');
  const bengali = i18n.resolvedLanguage === 'bn';
  // antd's date pickers take month and weekday names from dayjs's global locale, not from ConfigProvider.
  dayjs.locale(bengali ? 'bn' : 'en');

  useEffect(() => {
    document.title = `${title} | ${getSite().name}`;
    setDrawer(false);
  }, [title, pathname]);

  const menu = (
    <div className="flex h-full flex-col">
      {/* Named after what it shows (the hotel's name), so a voice command that reads it works. */}
      <Link to="/" className="flex items-center gap-2 px-5 py-5" aria-label={t('common:logoHome', { name: getSite().name })}>
        <svg viewBox="0 0 64 64" width="34" height="34" aria-hidden="true">
          <rect width="64" height="64" rx="14" fill="#e9c46a" />
          <path d="M20 48V16h14a10 10 0 0 1 2 19.8L46 48h-8l-9-12h-2v12z M27 22v9h6a4.5 4.5 0 0 0 0-9z" fill="#0f3d3e" />
        </svg>
        <span className="font-display text-xl text-white">{getSite().name}</span>
      </Link>
      <Menu
        theme="dark"
        mode="inline"
        selectedKeys={[section]}
        items={links.map((link) => ({ key: link.path, icon: link.icon, label: t(link.label) }))}
        onClick={({ key }) => {
          // Also when the section is the one shown (the path does not change, so the effect above does not close it).
          setDrawer(false);
          navigate(`/${role}/${key}`);
        }}
        style={{ borderInlineEnd: 0, flex: 1 }}
      />
      <div className="space-y-1 border-t border-white/10 p-3">
        <Button type="text" block icon={<UserOutlined />} className="!justify-start !text-brand-100" onClick={() => navigate('/profile')}>
          {t('profile')}
        </Button>
        <Button type="text" block icon={<ExportOutlined />} className="!justify-start !text-brand-100" onClick={() => navigate('/')}>
          {t('backToSite')}
        </Button>
        <Button type="text" block danger icon={<LogoutOutlined />} className="!justify-start !text-red-300" onClick={() => signOut('/login')} data-testid="dashboard-logout">
          {t('logout')}
        </Button>
      </div>
    </div>
  );

  return (
    <ConfigProvider locale={bengali ? bnBD : enUS} theme={THEME}>
      <AntApp>
        <Layout style={{ minHeight: '100vh' }}>
          {phone ? (
            <Drawer
              open={drawer}
              onClose={() => setDrawer(false)}
              placement="left"
              size={260}
              // The title names the dialog for screen readers; its header bar is not shown.
              title={t('common:nav.menu')}
              styles={{ body: { padding: 0, background: '#0f3d3e' }, header: { display: 'none' } }}
            >
              {menu}
            </Drawer>
          ) : (
            <Sider width={250} style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}>
              {menu}
            </Sider>
          )}
          <Layout>
            <Header className="flex items-center justify-between gap-3 !px-4 shadow-sm sm:!px-6" style={{ position: 'sticky', top: 0, zIndex: 10 }}>
              <div className="flex min-w-0 items-center gap-3">
                {phone && <Button icon={<MenuOutlined />} onClick={() => setDrawer(true)} aria-label={t('openMenu')} data-testid="dashboard-menu" />}
                <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }} ellipsis data-testid="section-title">
                  {title}
                </Typography.Title>
              </div>
              <div className="flex items-center gap-3">
                {role === 'admin' && !phone && <AdminSearch />}
                <LanguageSwitcher />
                {!phone && (
                  <span className="flex items-center gap-2 text-sm text-slate-600">
                    <Avatar src={user?.image || undefined} icon={<UserOutlined />} />
                    <span className="max-w-40 truncate">{user?.name}</span>
                  </span>
                )}
              </div>
            </Header>
            <Content className="p-4 sm:p-6">
              {role === 'admin' && phone && (
                <div className="mb-4">
                  <AdminSearch />
                </div>
              )}
              <Suspense fallback={<Spin size="large" className="mt-20 block w-full" />}>
                <Outlet />
              </Suspense>
            </Content>
          </Layout>
        </Layout>
      </AntApp>
    </ConfigProvider>
  );
}
