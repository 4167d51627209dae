import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { matchSections } from './admin-search-match';
import { DASHBOARD_LINKS } from './dashboard-nav';

/**
 * The admin header's search over admin sections: type to filter, arrows to move, Enter to
 * open, Escape to close (AutoComplete's own keyboard handling).
 */
export function AdminSearch() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const options = useMemo(
    () =>
      matchSections(
        DASHBOARD_LINKS.admin.map((link) => ({ path: link.path, label: t(link.label) })),
        value,
      ).map(({ path, label }) => ({ value: path, label })),
    [t, value],
  );

  return (
    <AutoComplete
      value={value}
      options={options}
      onSearch={setValue}
      onSelect={(path: string) => {
        setValue('');
        navigate(`/admin/${path}`);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') setValue('');
      }}
      style={{ width: 260 }}
      popupMatchSelectWidth={260}
      defaultActiveFirstOption
      prefix={<SearchOutlined />}
      placeholder={t('search.placeholder')}
      aria-label={t('search.placeholder')}
      allowClear
      data-testid="admin-search"
    />
  );
}
