import { formatWholeNumber } from '@residency/shared/display';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getSite } from '../../../lib/site';
import { useGetBlogsQuery } from '../api';
import { BlogCard } from '../components/blog-card';

/** Posts per page: three rows of three on large screens. */
const PER_PAGE = 9;
const CARD_SIZES = '(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 100vw';

/** `?page=` as a page number from 1; anything else is the first page. */
function pageFromQuery(value: string | null): number {
  return value && /^\d{1,6}$/.test(value) && Number(value) >= 1 ? Number(value) : 1;
}

/**
 * `/blog`: the posts of the reader's language, newest first, nine to a page (`?page=`, so a page
 * can be linked), optionally those with one tag (`?tag=`, from a post's tags).
 */
export default function BlogListPage() {
  const { t, i18n } = useTranslation('blog');
  const lng = i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
  const site = getSite();
  const [params] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const tag = params.get('tag')?.trim().slice(0, 100) || undefined;
  const { data, isLoading, isError, isFetching, refetch } = useGetBlogsQuery({ locale: lng, page, limit: PER_PAGE, sort: 'newest', searchTerm: tag });
  const n = (value: number) => formatWholeNumber(value, lng);

  useEffect(() => {
    document.title = `${t('meta.title')} | ${site.name}`;
  }, [t, site.name]);

  const posts = data?.data ?? [];
  const total = data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PER_PAGE));
  const href = (to: number) => {
    const next = new URLSearchParams(params);
    if (to > 1) next.set('page', String(to));
    else next.delete('page');
    const query = next.toString();
    return query ? `/blog?${query}` : '/blog';
  };

  return (
    <>
      <div className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-700 text-white">
        <div className="container-page py-10 sm:py-14">
          <p className="text-sm font-semibold tracking-[0.2em] text-gold-300 uppercase [&:lang(bn)]:tracking-normal">{t('eyebrow')}</p>
          <h1 className="mt-2 font-display text-4xl sm:text-5xl">{t('title')}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-relaxed text-brand-50">{t('intro')}</p>
        </div>
      </div>

      <div className="container-page min-h-[70vh] py-8 sm:py-12">
        {tag && (
          <p className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-2 text-slate-700" data-testid="blog-tag-filter">
            <span className="font-semibold text-brand-800">{t('tagged', { tag })}</span>
            <Link to="/blog" className="text-sm font-medium text-brand-700 underline">
              {t('clearTag')}
            </Link>
          </p>
        )}
        {isLoading ? (
          <ul className="grid animate-pulse gap-6 motion-reduce:animate-none sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={t('loading')}>
            {[0, 1, 2].map((i) => (
              <li key={i} className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200/70">
                <div className="aspect-[3/2] bg-sand-100" />
                <div className="h-52 p-5" />
              </li>
            ))}
          </ul>
        ) : isError ? (
          <div className="card text-center" role="alert">
            <p className="text-slate-700">{t('error')}</p>
            <button type="button" className="btn-primary mt-4" onClick={() => refetch()} disabled={isFetching}>
              {t('retry')}
            </button>
          </div>
        ) : posts.length === 0 ? (
          <div className="card text-center" data-testid="blog-empty">
            <p className="text-slate-700">{total > 0 ? t('emptyPage', { page: n(page) }) : t('empty')}</p>
            {total > 0 && (
              <Link to={href(1)} className="btn-primary mt-4">
                {t('firstPage')}
              </Link>
            )}
          </div>
        ) : (
          <>
            <ul className={`grid gap-6 sm:grid-cols-2 lg:grid-cols-3 ${isFetching ? 'opacity-60' : ''}`} aria-label={t('listLabel')} data-testid="blog-list">
              {posts.map((post, i) => (
                <li key={post._id} className="flex">
                  <BlogCard post={post} lng={lng} sizes={CARD_SIZES} headingLevel="h2" eager={i === 0} className="w-full" />
                </li>
              ))}
            </ul>
            {pages > 1 && (
              <nav aria-label={t('pager.label')} className="mt-10 flex items-center justify-center gap-3" data-testid="blog-pager">
                {page > 1 ? (
                  <Link to={href(page - 1)} className="btn-outline" rel="prev">
                    {t('pager.previous')}
                  </Link>
                ) : null}
                <p className="px-2 text-sm text-slate-700" aria-current="page">
                  {t('pager.page', { page: n(page), pages: n(pages) })}
                </p>
                {page < pages ? (
                  <Link to={href(page + 1)} className="btn-outline" rel="next">
                    {t('pager.next')}
                  </Link>
                ) : null}
              </nav>
            )}
          </>
        )}
      </div>
    </>
  );
}
