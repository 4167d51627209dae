import { SearchOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { ReactNode } from 'react';
import { ScreenHeading } from './screen-heading';

/**
 * The top of a dashboard list screen: its title and subtitle, and the list's search box beside
 * them (below them on phones). `onSearch` gets every change of the text, cleared included; the
 * screen debounces it and goes back to its first page.
 */
export function ListHeading({
  title,
  subtitle,
  searchLabel,
  search,
  onSearch,
  searchTestId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  /** The search box's placeholder and accessible name. */
  searchLabel: string;
  search: string;
  onSearch: (text: string) => void;
  searchTestId?: string;
}) {
  return (
    <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
      <ScreenHeading title={title} subtitle={subtitle} />
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={searchLabel}
        aria-label={searchLabel}
        value={search}
        inputMode="search"
        onChange={(e) => onSearch(e.target.value)}
        className="md:!max-w-sm"
        data-testid={searchTestId}
      />
    </div>
  );
}
