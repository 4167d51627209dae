import { Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * The title and subtitle at the top of a dashboard screen. The subtitle is slate-600 rather
 * than antd's secondary grey, which is too faint for the contrast guidelines.
 */
export function ScreenHeading({ title, subtitle }: { title: ReactNode; subtitle?: ReactNode }) {
  return (
    <div>
      <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
        {title}
      </Typography.Title>
      {subtitle && <span className="text-slate-600">{subtitle}</span>}
    </div>
  );
}
