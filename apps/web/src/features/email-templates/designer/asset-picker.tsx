import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Modal } from 'antd';
import type { Asset, AssetsCustomData } from 'grapesjs';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The designer's image chooser (GrapesJS's asset manager, drawn by us): the pictures of this
 * design, and an upload through the site's own pipeline (optimised, stored by this app).
 */
export function AssetPicker({
  data,
  upload,
}: {
  data: AssetsCustomData | null;
  /** Uploads a picture and adds it to the design's assets; rejects with the reason to show. */
  upload: (file: File) => Promise<Asset>;
}) {
  const { t } = useTranslation('email-templates');
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const open = !!data?.open;
  const images = (data?.assets ?? []).filter((a) => a.getType() === 'image');

  const choose = (asset: Asset) => {
    data?.select(asset, true);
    data?.close();
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      choose(await upload(file));
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : t('assets.failed'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <Modal
      open={open}
      title={t('assets.title')}
      onCancel={() => {
        setError(null);
        data?.close();
      }}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={input}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/gif"
            className="sr-only"
            tabIndex={-1}
            aria-hidden
            onChange={(e) => void onFile(e.target.files?.[0])}
            data-testid="designer-image-input"
          />
          <Button type="primary" icon={<UploadOutlined aria-hidden />} loading={busy} onClick={() => input.current?.click()} aria-describedby={hintId}>
            {t('assets.upload')}
          </Button>
          <span id={hintId} className="text-sm text-slate-600">
            {t('assets.uploadHint')}
          </span>
        </div>
        {error && <Alert type="error" showIcon title={error} />}
        {images.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assets.empty')} />
        ) : (
          <ul className="m-0 grid list-none grid-cols-2 gap-3 p-0 sm:grid-cols-3">
            {images.map((asset, i) => (
              <li key={asset.getSrc()}>
                <button
                  type="button"
                  onClick={() => choose(asset)}
                  className="focus-visible:outline-brand-700 block w-full overflow-hidden rounded-lg border border-slate-200 bg-slate-50 text-left hover:border-slate-400 focus-visible:outline-2"
                  aria-label={`${t('assets.use')}: ${t('assets.imageN', { n: i + 1 })}`}
                >
                  <img src={asset.getSrc()} alt="" className="block h-28 w-full object-cover" loading="lazy" />
                  <span className="block px-2 py-1 text-xs text-slate-700">{t('assets.imageN', { n: i + 1 })}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}
