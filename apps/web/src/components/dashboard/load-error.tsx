import { Alert, Button } from 'antd';
import { useErrorText } from '../../lib/server-error';

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
  const errorText = useErrorText();
  return (
    <Alert
      type="error"
      showIcon
      className="!mb-4"
      title={errorText(error, fallback)}
      action={
        <Button size="small" onClick={onRetry}>
          {retryLabel}
        </Button>
      }
    />
  );
}
