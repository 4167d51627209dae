import { WarningOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { formatNumber } from '../../../../lib/format';
import { useChannelTexts, useGetConflictsQuery } from '../../../channels';

/** The admin's dashboard, first: "N channel conflicts to resolve", linking to Channels. Nothing when there are none. */
export function ConflictsNotice() {
  const { t, lng } = useChannelTexts();
  // One row is enough: the count is the page's total.
  const { data } = useGetConflictsQuery({ status: 'open', limit: 1 });
  const count = data?.meta.total ?? 0;
  if (count === 0) return null;
  return (
    <Link
      to="/admin/channels"
      className="flex items-center gap-2 rounded-lg border border-rose-300 bg-rose-50 px-3 py-2 font-medium !text-rose-800 underline"
      data-testid="conflicts-notice"
    >
      <WarningOutlined aria-hidden />
      {t('dashboardNotice.count', { count, n: formatNumber(count, lng) })}
    </Link>
  );
}
