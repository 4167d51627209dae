import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { imageSrcSet, imageVariant } from '@residency/shared/image-sizes';
import { Button, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { takeWithinLimit } from './template-rules';

/** Object URLs to preview files not uploaded yet, released when the files change or the picker goes. */
function usePreviews(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((file) => URL.createObjectURL(file));
    setUrls(made);
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, [files]);
  return urls;
}

/**
 * Images of a room or category: the stored ones (removable) and the files picked but not yet
 * uploaded (Remove). With `max`, the picker shows the slots left, is disabled when full, and
 * files beyond the limit are cut off (`onLimit` tells the person).
 */
export function ImagePicker({
  existing,
  onRemoveExisting,
  pending,
  onAdd,
  onRemovePending,
  max,
  onLimit,
  hint,
  label,
  testId,
  disabled,
}: {
  existing: readonly string[];
  onRemoveExisting?: (url: string) => void;
  pending: readonly File[];
  onAdd: (files: File[]) => void;
  onRemovePending: (index: number) => void;
  max?: number;
  onLimit?: () => void;
  hint?: string;
  /** The accessible name of the file input and the text of its button. */
  label: string;
  testId?: string;
  disabled?: boolean;
}) {
  const { t, i18n } = useTranslation('rooms');
  const input = useRef<HTMLInputElement>(null);
  const previews = usePreviews(pending);
  const count = existing.length + pending.length;
  const slots = max === undefined ? undefined : Math.max(0, max - count);
  const full = slots === 0;

  const choose = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length === 0) return;
    const { accepted, cut } = takeWithinLimit(count, files, max);
    if (cut) onLimit?.();
    if (accepted.length > 0) onAdd(accepted);
  };

  return (
    <div className="space-y-3">
      {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
      <div className="flex flex-wrap items-center gap-3">
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} disabled={full || disabled}>
          {label}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/*"
          multiple
          hidden
          disabled={full || disabled}
          aria-label={label}
          data-testid={testId}
          onChange={(e) => {
            choose(e.target.files);
            e.target.value = '';
          }}
        />
        {slots !== undefined && (
          <Typography.Text type={full ? 'warning' : 'secondary'} data-testid={testId ? `${testId}-slots` : undefined}>
            {t('images.slotsRemaining', { n: formatNumber(slots, i18n.resolvedLanguage ?? 'en') })}
          </Typography.Text>
        )}
      </div>
      {count > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label={t('images.list')}>
          {existing.map((url) => (
            <li key={url} className="overflow-hidden rounded-lg border border-slate-200">
              <img
                src={imageVariant(url, 320)}
                srcSet={imageSrcSet(url)}
                sizes="200px"
                alt=""
                className="aspect-[4/3] w-full object-cover"
              />
              {onRemoveExisting && (
                <div className="flex justify-end p-1">
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={() => onRemoveExisting(url)}
                    aria-label={t('images.removeExisting')}
                  >
                    {t('images.remove')}
                  </Button>
                </div>
              )}
            </li>
          ))}
          {pending.map((file, index) => (
            <li key={`${file.name}-${index}`} className="overflow-hidden rounded-lg border border-dashed border-slate-300">
              {previews[index] && <img src={previews[index]} alt="" className="aspect-[4/3] w-full object-cover" />}
              <div className="flex items-center justify-between gap-1 p-1">
                <Tag color="gold" className="!m-0">
                  {t('images.pending')}
                </Tag>
                <Button size="small" type="text" danger onClick={() => onRemovePending(index)} data-testid="remove-pending-image">
                  {t('images.remove')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
