import type { AuditEntity } from '@residency/shared';
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import { useSession } from '../../../lib/use-session';

/** The section's code and texts load when an admin opens a record, not with the screens that hold it. */
const HistorySection = lazy(() => import('./history-list'));

/**
 * A record's change history (the audit trail's records of it and of what belongs to it) under
 * its heading, for the admin only: only admins may read the trail, so staff on the same screen
 * see nothing and ask nothing of the server.
 */
export function HistoryPanel({ entity, entityId }: { entity: AuditEntity; entityId: string | null | undefined }) {
  const { role } = useSession();
  if (role !== 'admin' || !entityId) return null;
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 2 }} />}>
      <HistorySection entity={entity} entityId={entityId} />
    </Suspense>
  );
}
