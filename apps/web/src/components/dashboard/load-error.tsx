import { Alert, Button } from 'antd';
import { errorMessage } from '../../lib/http';

/** A dashboard list that could not load: the server's reason (or `fallback`) and a retry button. */
export function LoadError({
  error,
  fallback,
  retryLabel,
  onRetry,
}: {
  error: unknown;
  fallback: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert
      type="error"
      showIcon
      className="!mb-4"
      title={errorMessage(error, fallback)}
      action={
        <Button size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
