import { formatWholeNumber } from '@residency/shared/display';
import type { GALLERY_CATEGORIES as SHARED_CATEGORIES, TGalleryCategory, TGalleryItem } from '@residency/shared/gallery';
import { imageSrcSet } from '@residency/shared/image-sizes';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { getSite } from '../../../lib/site';
import { useEarlyListSeed } from '../../../lib/use-early-list-seed';
import { galleryApi, useGetGalleryQuery } from '../api';
import { galleryPhotos, TILE_SIZES } from '../early-gallery';
import { GalleryViewer } from '../components/gallery-viewer';

/**
 * The tabs, in the order of the contract's categories. Written out here: importing the shared
 * module's value would bring zod (its schemas) into a public page. The type below fails the
 * build if the two lists ever differ.
 */
const GALLERY_CATEGORIES = ['room', 'hotel', 'dining', 'event', 'others'] as const;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameAsContract: Same<typeof GALLERY_CATEGORIES, typeof SHARED_CATEGORIES> = true;
void sameAsContract;

const isCategory = (value: string | null): value is TGalleryCategory => GALLERY_CATEGORIES.includes(value as TGalleryCategory);
/** The first row's pictures come at once (the page's largest paint is among them); the rest as they near the screen. */
const EAGER = 4;

/**
 * `/gallery`: the hotel's photos by category in tabs (Room, Hotel, Dining, Event, and Nearby for
 * 'others'; WAI-ARIA tabs: arrow keys, Home and End move between them), a grid of photos, and
 * the full-size viewer on a click or Enter. The tab and the photo open in the viewer live in the
 * address (`?category=room&photo=…`), so the home page's gallery row opens a photo directly and
 * a reload keeps it.
 */
const seedGallery = (list: TGalleryItem[]) => galleryApi.util.upsertQueryData('getGallery', undefined, { success: true, data: list });

export default function GalleryPage() {
  const { t, i18n } = useTranslation('gallery');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const [params, setParams] = useSearchParams();
  const asked = params.get('category');
  const tab: TGalleryCategory = isCategory(asked) ? asked : 'room';
  // On the first visit the photos were asked for beside this page's code (early-gallery.ts): the
  // answer is shown at once if it is here, and goes into RTK Query's cache before the query starts.
  const { earlyList, seeded } = useEarlyListSeed(galleryPhotos, seedGallery);
  const query = useGetGalleryQuery(undefined, { skip: !seeded });
  const { isError, isFetching, refetch } = query;
  const items = query.data?.data ?? earlyList;
  const isLoading = !items && !isError;
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});

  useEffect(() => {
    document.title = `${t('meta.title')} | ${site.name}`;
  }, [t, site.name]);

  const byCategory = useMemo(() => {
    const groups = Object.fromEntries(GALLERY_CATEGORIES.map((c) => [c, [] as TGalleryItem[]])) as Record<TGalleryCategory, TGalleryItem[]>;
    for (const item of items ?? []) groups[item.category]?.push(item);
    return groups;
  }, [items]);
  const shown = byCategory[tab];
  const photo = params.get('photo');
  const openIndex = photo ? shown.findIndex((item) => item._id === photo) : -1;
  const n = (value: number) => formatWholeNumber(value, lng);

  const update = (change: (p: URLSearchParams) => void) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        change(next);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  const select = (category: TGalleryCategory) =>
    update((p) => {
      p.set('category', category);
      p.delete('photo');
    });
  const open = (index: number) => update((p) => p.set('photo', shown[index]!._id));
  const close = () => update((p) => p.delete('photo'));

  // From the tab the key was pressed on (not the selected one of the last render: keys can come
  // faster than the address updates).
  const onTabKey = (e: KeyboardEvent, from: TGalleryCategory) => {
    const at = GALLERY_CATEGORIES.indexOf(from);
    const last = GALLERY_CATEGORIES.length - 1;
    const to = { ArrowRight: at === last ? 0 : at + 1, ArrowLeft: at === 0 ? last : at - 1, Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    const next = GALLERY_CATEGORIES[to]!;
    select(next);
    tabs.current[next]?.focus();
  };

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page py-10 sm:py-14">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase [&:lang(bn)]:tracking-normal">{t('eyebrow')}</p>
          <h1 className="mt-2 font-display text-4xl sm:text-5xl">{t('title')}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{t('intro', { name: site.name })}</p>
        </div>
      </div>

      <div className="container-page min-h-[70vh] py-8 sm:py-12">
        <div role="tablist" aria-label={t('tabs.label')} className="relative -mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:px-0" data-testid="gallery-tabs">
          {GALLERY_CATEGORIES.map((category) => {
            const selected = category === tab;
            return (
              <button
                key={category}
                ref={(el) => {
                  tabs.current[category] = el;
                }}
                type="button"
                role="tab"
                id={`gallery-tab-${category}`}
                aria-selected={selected}
                aria-controls="gallery-panel"
                tabIndex={selected ? 0 : -1}
                onClick={() => select(category)}
                onKeyDown={(e) => onTabKey(e, category)}
                className={`inline-flex shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold ring-1 transition-colors ${
                  selected ? 'bg-brand-800 text-white ring-brand-800' : 'bg-white text-brand-800 ring-slate-300 hover:bg-brand-50'
                }`}
              >
                {t(`tabs.${category}`)}
                {/* The count's place is kept while the photos load: the tabs do not move when it comes. */}
                <span aria-hidden="true" className={`rounded-full px-2 text-xs ${selected ? 'bg-white/20' : 'bg-sand-100'} ${items ? '' : 'invisible'}`}>
                  {n(byCategory[category].length)}
                </span>
                {items && <span className="sr-only">{t('tabs.count', { count: byCategory[category].length, n: n(byCategory[category].length) })}</span>}
              </button>
            );
          })}
        </div>

        <div role="tabpanel" id="gallery-panel" aria-labelledby={`gallery-tab-${tab}`} className="mt-6" data-testid="gallery-panel">
          {isLoading ? (
            <ul className="grid animate-pulse grid-cols-2 gap-3 motion-reduce:animate-none sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" role="status" aria-label={t('loading')}>
              {Array.from({ length: 8 }, (_, i) => (
                <li key={i} className="aspect-[3/2] rounded-xl bg-sand-100" />
              ))}
            </ul>
          ) : isError ? (
            <div className="card text-center" role="alert">
              <p className="text-slate-700">{t('error')}</p>
              <button type="button" className="btn-primary mt-4" onClick={() => refetch()} disabled={isFetching}>
                {t('retry')}
              </button>
            </div>
          ) : shown.length === 0 ? (
            <p className="card text-center text-slate-700" data-testid="gallery-empty">
              {t('empty')}
            </p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" aria-label={t('gridLabel', { name: t(`tabs.${tab}`) })}>
              {shown.map((item, i) => (
                <li key={item._id}>
                  <button
                    type="button"
                    onClick={() => open(i)}
                    className="group relative block aspect-[3/2] w-full overflow-hidden rounded-xl bg-sand-100"
                    data-testid="gallery-photo"
                  >
                    {/* The title is the photo's alt text, so the button is named by it. */}
                    <img
                      src={item.url}
                      srcSet={imageSrcSet(item.url)}
                      sizes={TILE_SIZES}
                      width={1280}
                      height={853}
                      alt={item.title}
                      loading={i < EAGER ? 'eager' : 'lazy'}
                      fetchPriority={i === 0 ? 'high' : 'auto'}
                      decoding="async"
                      className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.04] motion-reduce:transition-none"
                    />
                    <span aria-hidden="true" className="absolute inset-x-0 bottom-0 line-clamp-2 bg-gradient-to-t from-brand-900/85 to-transparent px-3 pt-6 pb-2 text-left text-xs font-medium text-white sm:text-sm">
                      {item.title}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>

      {openIndex >= 0 && <GalleryViewer items={shown} index={openIndex} onIndex={open} onClose={close} />}
    </>
  );
}
