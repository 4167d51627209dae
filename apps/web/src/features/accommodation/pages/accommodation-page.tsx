import { formatWholeNumber } from '@residency/shared/display';
import type { TCategory } from '@residency/shared';
import { capacityText, fromPriceOf, imageSrcSet } from '@residency/shared/room-rules';
import { ROOM_COVER_SIZES } from '@residency/shared/image-sizes';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { afterFirstPaint } from '../../../lib/after-first-paint';
import { getSite } from '../../../lib/site';
import { shownCategories } from '../early-categories';
import type { ShownCategoriesState } from '../shown-categories-query';
import { BookLink } from '../components/book-link';
import { BedAndSizeItems } from '../components/bed-and-size';
import { PHOTO_HEIGHT, PHOTO_WIDTH } from '../components/photo-size';
import { CheckIcon, GuestsIcon } from '../components/room-icons';
import { RoomImage } from '../../../components/room-image';
import { RoomPrice } from '../components/room-price';
import { categoryTexts } from '../../../lib/category-texts';

const THUMB_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 23vw, 45vw';

/** The longest the first paint of this page waits for its fonts. */
const FONT_WAIT_MS = 600;

/**
 * The page's web fonts, fetched before its first paint (this module loads before the route
 * renders, header included): a heading drawn in a fallback font and redrawn when its own font
 * arrives moves everything below it, which is a layout shift. Never waits longer than
 * FONT_WAIT_MS; a font that is later than that swaps in as usual.
 */
async function loadFonts(): Promise<void> {
  if (typeof document === 'undefined' || !document.fonts?.load) return;
  let lng = document.documentElement.lang;
  try {
    lng = localStorage.getItem('lng') ?? lng;
  } catch {
    // No storage: the page language decides.
  }
  const fonts = [document.fonts.load('600 16px "Playfair Display"', 'Residency')];
  if (lng === 'bn') {
    fonts.push(document.fonts.load('400 16px "Hind Siliguri"', 'থাকার'), document.fonts.load('600 16px "Hind Siliguri"', 'থাকার'));
  }
  await Promise.race([Promise.all(fonts).catch(() => undefined), new Promise((resolve) => setTimeout(resolve, FONT_WAIT_MS))]);
}
await loadFonts();

/**
 * `/accommodation`: every room category as a card with its photos, texts in the reader's
 * language, capacity, beds and size, the price display rule, View Details, which opens the
 * room details pop-up, and Book, which opens the rates of that room type (the pop-up has it too). Nothing moves once drawn: until the texts and the rooms are both here
 * a placeholder taller than the screen holds the page, and every photo sits in a 3:2 box.
 */

/*
 * What the first paint does not need comes in chunks of their own, loaded once the list is drawn and
 * the page has loaded (its first photo included): RTK Query with the list's query (its cache and a
 * retry, 15 KB of gzip) and the details pop-up with its carousel. The page's first paint stays
 * within the public pages' JS budget (bench/page-weight.ts), and the first photo does not share the
 * phone's bandwidth with code it does not need.
 */
const loadQuery = () => import('../shown-categories-query');
const loadDialog = () => import('../components/room-details-dialog');
const ShownCategoriesQuery = lazy(loadQuery);
const RoomDetailsDialog = lazy(() => loadDialog().then((m) => ({ default: m.RoomDetailsDialog })));

/** Calls `task` once the page has loaded (pictures in view included), after its first paint, when the browser is idle. */
function afterPageLoad(task: () => void): () => void {
  let cancelIdle = () => {};
  const idle = () => {
    cancelIdle = afterFirstPaint(task);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
  return () => {
    window.removeEventListener('load', idle);
    cancelIdle();
  };
}

export default function AccommodationPage() {
  const { t, i18n, ready } = useTranslation('accommodation', { useSuspense: false });
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  // Only the categories guests can book (at least one room in service). On the first visit the
  // list was asked for beside this page's code (early-categories.ts): the first paint draws that
  // answer; RTK Query (ShownCategoriesQuery) takes the list over afterwards, from its cache.
  const [early] = useState(shownCategories.early);
  const [earlyList, setEarlyList] = useState(shownCategories.settled);
  const [earlyDone, setEarlyDone] = useState(early === null);
  const [query, setQuery] = useState<ShownCategoriesState | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [painted, setPainted] = useState(false);
  const [open, setOpen] = useState<{ category: TCategory; index: number } | null>(null);
  const close = useCallback(() => setOpen(null), []);

  useEffect(() => {
    if (ready) document.title = `${t('meta.title')} | ${site.name}`;
  }, [ready, t, site.name]);

  useEffect(() => {
    if (!early) return;
    let live = true;
    void early.then((list) => {
      if (!live) return;
      if (list) setEarlyList(list);
      setEarlyDone(true);
    });
    return () => {
      live = false;
    };
  }, [early]);

  const list = query?.data ?? earlyList;
  const isError = query?.isError ?? false;
  const drawn = ready && list !== undefined;
  useEffect(() => {
    if (drawn) return afterFirstPaint(() => setPainted(true));
  }, [drawn]);
  useEffect(() => {
    if (!drawn) return;
    return afterPageLoad(() => {
      setLoaded(true);
      // The pop-up's code, so that View Details opens at once.
      void loadDialog();
    });
  }, [drawn]);
  // The query's code joins once the list is drawn and the page has loaded, or at once when there is
  // no early answer to draw (a later visit of the page, or the early request failed).
  const withQuery = loaded || (earlyDone && earlyList === undefined);
  const queryPart = withQuery && (
    <Suspense fallback={null}>
      <ShownCategoriesQuery onChange={setQuery} />
    </Suspense>
  );

  if (!ready || (!list && !isError)) {
    return (
      <>
        {queryPart}
        <PagePlaceholder />
      </>
    );
  }
  const categories = list ?? [];

  return (
    <>
      {queryPart}
      <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page py-10 sm:py-14">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase [&:lang(bn)]:tracking-normal">{t('eyebrow')}</p>
          <h1 className="mt-2 font-display text-4xl sm:text-5xl">{t('title')}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{t('intro', { name: site.name })}</p>
        </div>
      </div>

      <div className="container-page py-8 sm:py-12">
        {isError ? (
          <div className="card text-center" role="alert">
            <p className="text-slate-700">{t('error')}</p>
            <button type="button" className="btn-primary mt-4" onClick={() => query?.refetch()} disabled={query?.isFetching ?? true}>
              {t('retry')}
            </button>
          </div>
        ) : categories.length === 0 ? (
          <p className="card text-center text-slate-700">{t('empty')}</p>
        ) : (
          <ul className="space-y-8 sm:space-y-10" aria-label={t('listLabel')}>
            {categories.map((category, i) => (
              <li key={category._id}>
                <RoomCard category={category} first={i === 0} photos={painted || i === 0} lng={lng} onOpen={(index) => setOpen({ category, index })} />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-10 text-center text-sm text-slate-600">{t('taxNote')}</p>
      </div>

      {open && (
        <Suspense fallback={null}>
          <RoomDetailsDialog
            category={open.category}
            initialIndex={open.index}
            onClose={close}
            action={<BookLink category={open.category.name} name={categoryTexts(open.category, lng).name} className="shrink-0" />}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * A room type's card. `photos`: whether its photos may load yet. Only the first card's cover loads
 * with the first paint: it is the page's largest paint, and the photos below (lazy, but near enough
 * to the screen that the browser asks for them at once) would share the phone's bandwidth with it.
 * Until then each photo's 3:2 box stands empty, named by the photo's text.
 */
function RoomCard({
  category,
  first,
  photos,
  lng,
  onOpen,
}: {
  category: TCategory;
  first: boolean;
  photos: boolean;
  lng: string;
  onOpen: (index: number) => void;
}) {
  const { t } = useTranslation('accommodation');
  const texts = categoryTexts(category, lng);
  const [cover, ...more] = category.images;
  const headingId = `room-${category._id}`;
  const n = (value: number) => formatWholeNumber(value, lng);
  const total = category.images.length;
  const capacity = capacityText(category.beds_and_bedding, (key, values) => t(`capacity.${key}`, values), n);

  return (
    <article aria-labelledby={headingId} className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-slate-200/70 lg:grid lg:grid-cols-2" data-testid="room-card">
      <div className="p-3 sm:p-4 lg:p-5">
        {cover ? (
          <button
            type="button"
            onClick={() => onOpen(0)}
            className="group relative block aspect-[3/2] w-full overflow-hidden rounded-2xl bg-sand-100"
          >
            {/* The button is named by its picture, whose text says what a press does. (An
                aria-label on the button would differ from the badge's visible words, which
                axe's label-content-name-mismatch refuses.) */}
            {photos ? (
              <RoomImage
                src={cover}
                name={texts.name}
                srcSet={imageSrcSet(cover)}
                sizes={ROOM_COVER_SIZES}
                width={PHOTO_WIDTH}
                height={PHOTO_HEIGHT}
                alt={t('openPhoto', { index: n(1), total: n(total), name: texts.name })}
                loading={first ? 'eager' : 'lazy'}
                fetchPriority={first ? 'high' : 'auto'}
                decoding={first ? 'sync' : 'async'}
                className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
                data-testid="room-cover"
              />
            ) : (
              <PhotoToCome alt={t('openPhoto', { index: n(1), total: n(total), name: texts.name })} />
            )}
            {total > 1 && (
              // The picture's text already says "photo 1 of 3": the badge is for the eye only.
              <span aria-hidden="true" className="absolute right-3 bottom-3 rounded-full bg-brand-900/75 px-3 py-1 text-xs font-semibold text-white sm:hidden">
                {t('photoCount', { count: total, total: n(total) })}
              </span>
            )}
          </button>
        ) : (
          <RoomImage src={undefined} name={texts.name} alt="" fallbackLabel={t('noPhotos')} fallbackClassName="aspect-[3/2] w-full rounded-2xl" />
        )}
        {more.length > 0 && (
          <div className="mt-3 hidden grid-cols-2 gap-3 sm:grid">
            {more.slice(0, 2).map((url, i) => (
              <button
                key={`${url}-${i}`}
                type="button"
                onClick={() => onOpen(i + 1)}
                className="group relative block aspect-[3/2] overflow-hidden rounded-xl bg-sand-100"
              >
                {photos ? (
                  <RoomImage
                    src={url}
                    name={texts.name}
                    srcSet={imageSrcSet(url)}
                    sizes={THUMB_SIZES}
                    width={PHOTO_WIDTH}
                    height={PHOTO_HEIGHT}
                    alt={t('openPhoto', { index: n(i + 2), total: n(total), name: texts.name })}
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.04]"
                  />
                ) : (
                  <PhotoToCome alt={t('openPhoto', { index: n(i + 2), total: n(total), name: texts.name })} />
                )}
              </button>
            ))}
          </div>
        )}
      </div>

      <div className="flex flex-col px-5 pt-2 pb-6 sm:px-7 sm:pb-7 lg:pt-7 lg:pl-3">
        <h2 id={headingId} className="font-display text-2xl text-brand-800 sm:text-3xl" data-testid="room-name">
          {texts.name}
        </h2>
        <p className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-700" data-testid="bed-size-line">
          {capacity && (
            <span className="inline-flex items-center gap-1.5" data-testid="room-capacity">
              <GuestsIcon className="h-5 w-5 text-brand-700" />
              {capacity}
            </span>
          )}
          <BedAndSizeItems beds={texts.beds} size={texts.size} />
        </p>
        {texts.description && <p className="mt-4 leading-relaxed text-slate-700">{texts.description}</p>}
        {texts.benefits.length > 0 && (
          <ul className="mt-4 grid gap-1.5 text-sm text-slate-700 sm:grid-cols-2" aria-label={t('sections.benefits')}>
            {texts.benefits.slice(0, 6).map((benefit) => (
              <li key={benefit} className="flex gap-2">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-gold-600" />
                {benefit}
              </li>
            ))}
          </ul>
        )}
        <div className="mt-6 flex flex-wrap items-end justify-between gap-4 border-t border-slate-100 pt-5 lg:mt-auto">
          <RoomPrice rackRate={category.rackRate} offerPrice={fromPriceOf(category)} from minStay={category.fromMinStay ?? null} />
          <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto">
            <button type="button" className="btn-outline px-6 py-3" onClick={() => onOpen(0)} aria-label={t('viewDetailsOf', { name: texts.name })} data-testid="view-details">
              {t('viewDetails')}
            </button>
            <BookLink category={category.name} name={texts.name} />
          </div>
        </div>
      </div>
    </article>
  );
}

/** A photo's box before the photo may load: empty (its button's sand colour), named by the photo's text. */
function PhotoToCome({ alt }: { alt: string }) {
  return <span role="img" aria-label={alt} className="block h-full w-full" />;
}

/** Holds the page (taller than any screen, so the footer stays below it) until texts and rooms are here. */
function PagePlaceholder() {
  return (
    <div className="min-h-[160vh]" role="status" aria-busy="true" data-testid="accommodation-loading">
      <div className="h-44 bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 sm:h-56" />
      <div className="container-page py-8 sm:py-12">
        <div className="animate-pulse overflow-hidden rounded-3xl bg-white p-4 ring-1 ring-slate-200/70 lg:grid lg:grid-cols-2 lg:gap-6">
          <div className="aspect-[3/2] rounded-2xl bg-sand-100" />
          <div className="mt-5 space-y-3 lg:mt-4">
            <div className="h-8 w-2/3 rounded bg-sand-100" />
            <div className="h-4 w-1/2 rounded bg-sand-100" />
            <div className="h-24 rounded bg-sand-100" />
          </div>
        </div>
      </div>
    </div>
  );
}
