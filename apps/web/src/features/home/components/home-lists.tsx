import { formatAmount, formatWholeNumber } from '@residency/shared/display';
import type { TCategory } from '@residency/shared';
import type { TBlog } from '@residency/shared/blogs';
import type { TGalleryItem } from '@residency/shared/gallery';
import { imageSrcSet } from '@residency/shared/image-sizes';
import { capacityText, displayPrice, fromPriceOf } from '@residency/shared/room-rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryTexts } from '../../../lib/category-texts';
import { BlogCard } from '../../blogs';
import { RoomImage } from '../../../components/room-image';
import { useRatesHref } from '../../../components/stay/use-rates-href';
import { PhotosPlaceholder, RoomsPlaceholder, StoriesPlaceholder } from './home-placeholders';
import { PHOTO_SIZES, PHOTO_TILE, ROOM_CARD, ROOM_CARD_BODY, ROOM_SIZES, STORY_CARD, STORY_CONTROLS, STORY_ROW, STORY_SIZES, STRIP } from './home-strips';
import { usePublicList } from '../use-public-list';
import { Strip } from './strip';

/**
 * The home page's lists, loaded after its first paint into the places drawn for them at their
 * size: the room types, the gallery and the latest stories of the reader's language (read with
 * usePublicList: see there why not RTK Query).
 */

/** How many pictures the home page's gallery row shows (the rest are on /gallery). */
const PHOTOS = 10;

/**
 * A list that could not load, or has nothing: a short message (and Try again) over its
 * placeholder made invisible, so the place keeps its height.
 */
function InPlace({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  return (
    <div className="relative">
      <div className="invisible" aria-hidden="true">
        {placeholder}
      </div>
      <div className="absolute inset-0 flex items-center justify-center p-4 text-center">
        <div className="rounded-2xl bg-white px-6 py-5 text-slate-700 shadow-sm ring-1 ring-slate-200/70">{children}</div>
      </div>
    </div>
  );
}

function LoadError({ placeholder, onRetry }: { placeholder: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation('home');
  return (
    <InPlace placeholder={placeholder}>
      <p role="alert">{t('lists.error')}</p>
      <button type="button" className="btn-primary mt-3" onClick={onRetry}>
        {t('lists.retry')}
      </button>
    </InPlace>
  );
}

export function RoomsList() {
  const { t, i18n } = useTranslation('home');
  const lng = i18n.resolvedLanguage ?? 'en';
  // Only the room types guests can book (at least one room in service).
  const { data, failed, retry } = usePublicList<TCategory>('/api/room-categories?public=true');
  const placeholder = <RoomsPlaceholder label={t('rooms.loading')} />;
  if (failed) return <LoadError placeholder={placeholder} onRetry={retry} />;
  if (!data) return placeholder;
  // Cheapest first: the row reads as "from".
  const categories = [...data].sort((a, b) => fromPriceOf(a) - fromPriceOf(b) || a.name.localeCompare(b.name));
  if (categories.length === 0) {
    return (
      <InPlace placeholder={placeholder}>
        <p>{t('rooms.empty')}</p>
      </InPlace>
    );
  }
  return (
    <Strip label={t('rooms.listLabel')} className={STRIP} testId="home-rooms">
      {categories.map((category) => (
        <li key={category._id} className={ROOM_CARD}>
          <RoomCard category={category} lng={lng} />
        </li>
      ))}
    </Strip>
  );
}

/** A room type: photo, name, who it sleeps, the price from which it is let, and Book. */
function RoomCard({ category, lng }: { category: TCategory; lng: string }) {
  const { t } = useTranslation('home');
  const texts = categoryTexts(category, lng);
  const href = useRatesHref(category.name);
  const cover = category.images[0];
  const { price, struck } = displayPrice({ rackRate: category.rackRate, offerPrice: fromPriceOf(category) });
  const n = (value: number) => formatWholeNumber(value, lng);
  const capacity = capacityText(category.beds_and_bedding, (key, values) => t(`rooms.capacity.${key}`, values), n);
  return (
    <article className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70" data-testid="home-room" data-category={category.name}>
      <div className="aspect-[3/2] bg-sand-100">
        <RoomImage
          src={cover}
          name={texts.name}
          srcSet={cover ? imageSrcSet(cover) : undefined}
          sizes={ROOM_SIZES}
          width={1280}
          height={853}
          alt={t('rooms.photoAlt', { name: texts.name })}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      </div>
      <div className={ROOM_CARD_BODY}>
        <h3 className="truncate font-display text-xl leading-7 text-brand-800">{texts.name}</h3>
        {/* Two lines kept for it: Bengali's "(মোট সর্বোচ্চ ৩ জন)" was cut off on one. */}
        <p className="mt-1 line-clamp-2 h-10 text-sm text-slate-600">{capacity}</p>
        <div className="mt-auto flex items-end justify-between gap-3">
          <p className="leading-tight" data-testid="home-room-price">
            <span className="block text-xs text-slate-600">{t('rooms.from')}</span>
            {struck !== null && (
              <s className="mr-1.5 text-sm text-slate-500 decoration-red-700/70">
                <span className="sr-only">{t('rooms.was')} </span>
                {formatAmount(struck, lng)}
              </s>
            )}
            <span className="font-display text-xl font-semibold text-brand-800">
              {struck !== null && <span className="sr-only">{t('rooms.now')} </span>}
              {formatAmount(price, lng)}
            </span>
            <span className="text-xs text-slate-600"> {t('rooms.perNight')}</span>
            {(category.fromMinStay ?? 1) > 1 && (
              <span className="block text-xs text-slate-600" data-testid="from-min-stay">
                {t('rooms.minStay', { count: category.fromMinStay!, n: n(category.fromMinStay!) })}
              </span>
            )}
          </p>
          <Link to={href} className="btn-primary shrink-0 px-5 py-2.5" aria-label={t('rooms.bookOf', { name: texts.name })} data-testid="home-room-book">
            {t('rooms.book')}
          </Link>
        </div>
      </div>
    </article>
  );
}

export function PhotosList() {
  const { t } = useTranslation('home');
  const { data, failed, retry } = usePublicList<TGalleryItem>('/api/gallery');
  const placeholder = <PhotosPlaceholder label={t('gallery.loading')} />;
  if (failed) return <LoadError placeholder={placeholder} onRetry={retry} />;
  if (!data) return placeholder;
  const photos = data.slice(0, PHOTOS);
  if (photos.length === 0) {
    return (
      <InPlace placeholder={placeholder}>
        <p>{t('gallery.empty')}</p>
      </InPlace>
    );
  }
  return (
    <Strip label={t('gallery.listLabel')} className={STRIP} testId="home-gallery">
      {photos.map((photo) => (
        <li key={photo._id} className={PHOTO_TILE}>
          {/* Opens the gallery on this picture, full size. */}
          <Link
            to={`/gallery?category=${photo.category}&photo=${photo._id}`}
            className="group block h-full overflow-hidden rounded-2xl bg-brand-100/60"
            data-testid="home-gallery-photo"
          >
            <img
              src={photo.url}
              srcSet={imageSrcSet(photo.url)}
              sizes={PHOTO_SIZES}
              width={1280}
              height={853}
              alt={photo.title}
              loading="lazy"
              decoding="async"
              className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.04] motion-reduce:transition-none"
            />
          </Link>
        </li>
      ))}
    </Strip>
  );
}

export function StoriesList() {
  const { t, i18n } = useTranslation('home');
  const lng = i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
  const { data, failed, retry } = usePublicList<TBlog>(`/api/blogs?page=1&limit=3&locale=${lng}&sort=newest`);
  const placeholder = <StoriesPlaceholder label={t('stories.loading')} />;
  if (failed) return <LoadError placeholder={placeholder} onRetry={retry} />;
  if (!data) return placeholder;
  const posts = data;
  if (posts.length === 0) {
    return (
      <InPlace placeholder={placeholder}>
        <p>{t('stories.empty')}</p>
      </InPlace>
    );
  }
  return (
    <Strip label={t('stories.listLabel')} className={STORY_ROW} controls={STORY_CONTROLS} testId="home-stories">
      {posts.map((post) => (
        <li key={post._id} className={STORY_CARD}>
          <BlogCard post={post} lng={lng} sizes={STORY_SIZES} className="h-full" />
        </li>
      ))}
    </Strip>
  );
}
