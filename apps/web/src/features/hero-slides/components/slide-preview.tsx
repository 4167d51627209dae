import { heroCta } from '@residency/shared/hero-slides';
import { imageVariant } from '@residency/shared/image-sizes';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HeroSlideFormValues } from '../hero-slide-form';

/** A blob URL for a file not uploaded yet, released when the file changes. */
function useFileUrl(file: File | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

/**
 * The slide roughly as the home page will show it: the picture with the title, subtitle and the
 * buttons that will be sent (after the spec's coercions: no button without a label or link).
 */
export function SlidePreview({ values }: { values: HeroSlideFormValues & { image?: { url: string; file: File | null } | null } }) {
  const { t } = useTranslation('content-admin');
  const fileUrl = useFileUrl(values.image?.file);
  const src = fileUrl ?? (values.image?.url ? imageVariant(values.image.url, 640) : null);
  const buttons = [heroCta(values.primaryLabel, values.primaryHref), heroCta(values.secondaryLabel, values.secondaryHref)];
  const title = (values.title ?? '').trim();

  return (
    <section aria-label={t('heroForm.preview')} className="rounded-lg border border-slate-200 p-2" data-testid="hero-slide-preview">
      <p className="m-0 mb-2 text-sm font-medium text-slate-700">{t('heroForm.preview')}</p>
      <div className="relative aspect-video overflow-hidden rounded-md bg-[#0f3d3e]" lang={values.locale ?? 'en'}>
        {src && <img src={src} alt="" className="absolute inset-0 h-full w-full object-cover" />}
        <div className="absolute inset-0 flex flex-col justify-end gap-1 bg-gradient-to-t from-black/85 via-black/45 to-black/10 p-3 text-white">
          <span className="line-clamp-2 text-lg leading-tight font-semibold">{title || t('heroForm.previewTitle')}</span>
          {values.subtitle?.trim() && <span className="line-clamp-2 text-xs text-white/90">{values.subtitle.trim()}</span>}
          <span className="mt-1 flex flex-wrap gap-1.5">
            {buttons.map((cta, index) =>
              cta ? (
                <span
                  key={index}
                  className={`rounded px-2 py-0.5 text-xs font-semibold ${index === 0 ? 'bg-[#e9c46a] text-[#0f3d3e]' : 'border border-white text-white'}`}
                  title={cta.href}
                >
                  {cta.label || cta.href}
                </span>
              ) : null,
            )}
          </span>
        </div>
      </div>
    </section>
  );
}
