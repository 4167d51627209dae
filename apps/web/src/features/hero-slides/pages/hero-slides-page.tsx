import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { LANGUAGES, type TLanguage } from '@residency/shared/event-kinds';
import type { THeroSlide } from '@residency/shared/hero-slides';
import { imageSrcSet, imageVariant } from '@residency/shared/image-sizes';
import { App, Button, Card, Empty, Popconfirm, Skeleton, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatNumber } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { useDeleteHeroSlideMutation, useGetHeroSlidesQuery } from '../api';
import { SlideModal } from '../components/slide-modal';

/**
 * Admin › Hero slides (spec section 2): every slide, inactive ones too (includeInactive=1), as
 * cards grouped by the language of the home page they show on, in their order; each with its
 * picture, title, order, an Inactive badge when it is switched off, Edit and Delete. Add and
 * Edit open the create/edit modal of the list (the form pages' fields and rules), which links to
 * the form page.
 */
export default function HeroSlidesPage() {
  const { t } = useTranslation('content-admin');
  const { data, isLoading, isError, error, refetch } = useGetHeroSlidesQuery({ includeInactive: true });
  const [editing, setEditing] = useState<THeroSlide | 'new' | null>(null);
  const groups = useMemo(() => {
    const slides = [...(data?.data ?? [])].sort((a, b) => a.order - b.order || a.title.localeCompare(b.title));
    return LANGUAGES.map((lng) => ({ lng, slides: slides.filter((s) => s.locale === lng) }));
  }, [data]);
  const total = groups.reduce((n, g) => n + g.slides.length, 0);

  // The one in the header has the test id; an empty list repeats the button.
  const addButton = (testId?: string) => (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing('new')} data-testid={testId}>
      {t('heroSlides.add')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-4">
      <Card size="small" className="!px-1 sm:!px-3">
        <div className="flex flex-wrap items-center justify-between gap-3 py-1">
          <ScreenHeading title={t('heroSlides.title')} subtitle={t('heroSlides.subtitle')} />
          {addButton('hero-slide-add')}
        </div>
      </Card>

      {isError && <LoadError error={error} fallback={t('heroSlides.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      {isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : total === 0 && !isError ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('heroSlides.empty')}>
            {addButton()}
          </Empty>
        </Card>
      ) : (
        groups.map(({ lng, slides }) => (
          <section key={lng} aria-labelledby={`hero-slides-${lng}`} data-testid={`hero-slides-${lng}`}>
            <h2 id={`hero-slides-${lng}`} className="m-0 mb-3 text-base font-semibold text-slate-800">
              {t('heroSlides.group', { language: t(`languages.${lng}`) })}
            </h2>
            {slides.length === 0 ? (
              <Card size="small">
                <span className="text-slate-600">{t('heroSlides.emptyLanguage', { language: t(`languages.${lng}`) })}</span>
              </Card>
            ) : (
              <ul className="m-0 grid list-none gap-4 p-0 sm:grid-cols-2 xl:grid-cols-3" aria-labelledby={`hero-slides-${lng}`}>
                {slides.map((slide) => (
                  <li key={slide._id}>
                    <SlideCard slide={slide} onEdit={() => setEditing(slide)} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        ))
      )}
      <SlideModal slide={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

function SlideCard({ slide, onEdit }: { slide: THeroSlide; onEdit: () => void }) {
  const { t, i18n } = useTranslation('content-admin');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [deleteSlide, { isLoading: deleting }] = useDeleteHeroSlideMutation();

  const remove = async () => {
    try {
      await deleteSlide(slide._id).unwrap();
      message.success(t('messages.slideDeleted', { title: slide.title }), 3);
    } catch (err) {
      message.error(errorText(err, t('messages.deleteFailed')), 3);
    }
  };

  return (
    <Card
      size="small"
      className={`h-full ${slide.active ? '' : '!bg-slate-50'}`}
      data-testid={`hero-slide-${slide._id}`}
      cover={
        <div className="relative aspect-video overflow-hidden bg-slate-200">
          <img
            src={imageVariant(slide.imageUrl, 640)}
            srcSet={imageSrcSet(slide.imageUrl)}
            sizes="(min-width: 1280px) 30vw, (min-width: 640px) 45vw, 90vw"
            alt=""
            loading="lazy"
            className={`h-full w-full object-cover ${slide.active ? '' : 'opacity-60 grayscale'}`}
          />
        </div>
      }
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 10 } }}
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <Tag className="!m-0" data-testid="hero-slide-order">
          {t('heroSlides.order', { n: formatNumber(slide.order, lng) })}
        </Tag>
        <Tag color={slide.locale === 'bn' ? 'purple' : 'blue'} className={`!m-0 ${slide.locale === 'bn' ? '!text-purple-900' : '!text-blue-900'}`}>
          {t(`languages.${slide.locale as TLanguage}`)}
        </Tag>
        {!slide.active && (
          <Tag color="red" className="!m-0 !text-red-800" data-testid="hero-slide-inactive">
            {t('heroSlides.inactive')}
          </Tag>
        )}
      </div>
      <div className="min-w-0" lang={slide.locale}>
        <span className="block font-semibold break-words text-slate-900" data-testid="hero-slide-title">
          {slide.title}
        </span>
        {slide.subtitle && <span className="line-clamp-2 block text-sm text-slate-600">{slide.subtitle}</span>}
      </div>
      <div className="mt-auto grid grid-cols-2 gap-2 border-t border-slate-100 pt-3">
        <Button icon={<EditOutlined aria-hidden />} onClick={onEdit} aria-label={t('heroSlides.editTitle', { title: slide.title })}>
          {t('heroSlides.edit')}
        </Button>
        <Popconfirm
          title={t('heroSlides.confirmDelete.title')}
          description={<span className="block max-w-64">{t('heroSlides.confirmDelete.text', { title: slide.title })}</span>}
          okText={t('heroSlides.confirmDelete.ok')}
          cancelText={t('heroSlides.confirmDelete.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={remove}
        >
          <Button danger className="enabled:!text-red-700" icon={<DeleteOutlined aria-hidden />} loading={deleting} aria-label={t('heroSlides.deleteTitle', { title: slide.title })}>
            {t('heroSlides.delete')}
          </Button>
        </Popconfirm>
      </div>
    </Card>
  );
}
