import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { GALLERY_CATEGORIES, type TGalleryCategory, type TGalleryItem } from '@residency/shared/gallery';
import { imageSrcSet, imageVariant } from '@residency/shared/image-sizes';
import { App, Button, Card, Empty, Popconfirm, Segmented, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatNumber } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { useDeleteGalleryItemMutation, useGetGalleryQuery } from '../api';
import { AddGalleryImageModal } from '../components/add-gallery-image-modal';

type CategoryFilter = TGalleryCategory | 'all';

/**
 * Admin › Gallery (spec section 2, Gallery management): the pictures in a grid, each with its
 * title and category over it (on hover, on keyboard focus, and always on touch screens, which
 * have no hover) and Delete after a confirmation; a filter by category; the Add Image modal.
 */
export default function ManageGalleryPage() {
  const { t, i18n } = useTranslation('content-admin');
  const lng = i18n.resolvedLanguage ?? 'en';
  const [adding, setAdding] = useState(false);
  const [category, setCategory] = useState<CategoryFilter>('all');
  const { data, isLoading, isError, error, refetch } = useGetGalleryQuery();
  const items = useMemo(() => data?.data ?? [], [data]);
  const shown = category === 'all' ? items : items.filter((item) => item.category === category);
  const count = (c: CategoryFilter) => (c === 'all' ? items.length : items.filter((item) => item.category === c).length);

  // The one in the header has the test id; an empty list repeats the button.
  const addButton = (testId?: string) => (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)} data-testid={testId}>
      {t('gallery.addImage')}
    </Button>
  );

  return (
    <div className="flex flex-col gap-4">
      <Card size="small" className="!px-1 sm:!px-3">
        <div className="flex flex-wrap items-center justify-between gap-3 py-1">
          <ScreenHeading title={t('gallery.title')} subtitle={t('gallery.subtitle')} />
          {addButton('gallery-add')}
        </div>
        {items.length > 0 && (
          // Wraps onto more lines on a phone rather than scrolling sideways.
          <div className="mt-3 mb-1 [&_.ant-segmented-group]:flex-wrap">
            <Segmented<CategoryFilter>
              value={category}
              onChange={setCategory}
              options={(['all', ...GALLERY_CATEGORIES] as const).map((c) => ({
                value: c,
                label: `${c === 'all' ? t('gallery.all') : t(`gallery.categories.${c}`)} (${formatNumber(count(c), lng)})`,
              }))}
              aria-label={t('gallery.filter')}
              data-testid="gallery-filter"
            />
          </div>
        )}
      </Card>

      {isError && <LoadError error={error} fallback={t('gallery.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      {isLoading ? (
        <Card>
          <Skeleton active />
        </Card>
      ) : shown.length === 0 && !isError ? (
        <Card>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={items.length === 0 ? t('gallery.empty') : t('gallery.emptyCategory')}>
            {items.length === 0 && addButton()}
          </Empty>
        </Card>
      ) : (
        <ul className="m-0 grid list-none grid-cols-1 gap-3 p-0 min-[420px]:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label={t('gallery.listLabel')}>
          {shown.map((item) => (
            <li key={item._id}>
              <GalleryTile item={item} />
            </li>
          ))}
        </ul>
      )}

      <AddGalleryImageModal open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}

function GalleryTile({ item }: { item: TGalleryItem }) {
  const { t } = useTranslation('content-admin');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const [deleteItem, { isLoading: deleting }] = useDeleteGalleryItemMutation();

  const remove = async () => {
    try {
      await deleteItem(item._id).unwrap();
      message.success(t('messages.imageDeleted', { title: item.title }), 3);
    } catch (err) {
      message.error(errorText(err, t('messages.deleteImageFailed')), 3);
    }
  };

  return (
    <figure className="group relative m-0 aspect-[4/3] overflow-hidden rounded-lg bg-slate-200" data-testid={`gallery-item-${item._id}`}>
      <img
        src={imageVariant(item.url, 640)}
        srcSet={imageSrcSet(item.url)}
        sizes="(min-width: 1280px) 22vw, (min-width: 1024px) 28vw, (min-width: 420px) 45vw, 90vw"
        alt={item.title}
        loading="lazy"
        className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
      />
      {/* Shown on hover and keyboard focus; always on touch screens, which cannot hover. */}
      <figcaption className="absolute inset-x-0 bottom-0 flex items-end justify-between gap-2 bg-gradient-to-t from-black/85 via-black/60 to-transparent p-3 pt-10 opacity-0 transition-opacity duration-200 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100">
        <span className="min-w-0">
          <span className="block truncate font-semibold text-white" data-testid="gallery-item-title">
            {item.title}
          </span>
          <span className="block text-xs text-white/90">{t(`gallery.categories.${item.category}`)}</span>
        </span>
        <Popconfirm
          title={t('gallery.confirmDelete.title')}
          description={<span className="block max-w-64">{t('gallery.confirmDelete.text', { title: item.title })}</span>}
          okText={t('gallery.confirmDelete.ok')}
          cancelText={t('gallery.confirmDelete.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={remove}
        >
          <Button danger size="small" icon={<DeleteOutlined aria-hidden />} loading={deleting} aria-label={t('gallery.deleteTitle', { title: item.title })} className="shrink-0 enabled:!text-red-700">
            {t('gallery.delete')}
          </Button>
        </Popconfirm>
      </figcaption>
    </figure>
  );
}
