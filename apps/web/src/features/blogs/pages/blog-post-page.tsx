import { formatLongDate, formatWholeNumber } from '@residency/shared/display';
import { imageSrcSet } from '@residency/shared/image-sizes';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { getSite } from '../../../lib/site';
import { useGetBlogQuery } from '../api';
import { BlogHtml } from '../blog-html';

/** How wide the first picture is drawn: the article's column. */
const LEAD_SIZES = '(min-width: 896px) 832px, calc(100vw - 2rem)';
const MORE_SIZES = '(min-width: 896px) 408px, calc(50vw - 1.5rem)';

/**
 * What a missing post throws: read by the route's error element as "404" (React Router's
 * isRouteErrorResponse checks these four fields), so an unknown id shows the site's 404 page
 * inside the layout, as any other address that leads nowhere.
 */
const NOT_FOUND = { status: 404, statusText: 'Not Found', internal: false, data: 'No blog post with this id.' };

/** Typography of the post's text: the elements BlogHtml may produce. */
const PROSE =
  'text-lg leading-relaxed text-slate-800 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-gold-400 [&_blockquote]:pl-4 [&_blockquote]:text-slate-700 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-sand-100 [&_code]:px-1 [&_code]:text-base [&_h2]:mt-10 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:text-brand-800 [&_h3]:mt-8 [&_h3]:font-display [&_h3]:text-xl [&_h3]:text-brand-800 [&_h4]:mt-6 [&_h4]:font-semibold [&_hr]:my-8 [&_hr]:border-slate-200 [&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl [&_li]:mt-1.5 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-4 [&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-brand-900 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-white [&_pre_code]:bg-transparent [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6';

/**
 * `/blog/:id`: a post, in the language it was written in: its title, date and tags (each opens
 * the stories with that tag), its first picture, its text (sanitised by the server, rendered
 * from an allow-list by BlogHtml, never as raw HTML) and its other pictures. An unknown id is
 * the 404 page.
 */
export default function BlogPostPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('blog');
  const lng = i18n.resolvedLanguage ?? 'en';
  const site = getSite();
  const { data, error, isLoading, isFetching, refetch } = useGetBlogQuery(id);
  const post = data?.data;
  const status = error && 'status' in error ? error.status : undefined;

  useEffect(() => {
    if (post) document.title = `${post.title} | ${site.name}`;
  }, [post, site.name]);

  // A malformed id is answered 400 by the API: for a visitor, the same as one that does not exist.
  if (status === 404 || status === 400) throw NOT_FOUND;

  if (isLoading || (!post && !error)) {
    return (
      <div className="container-page max-w-4xl animate-pulse py-10 motion-reduce:animate-none" role="status" aria-label={t('post.loading')}>
        <div className="h-4 w-24 rounded bg-sand-100" />
        <div className="mt-6 h-12 w-4/5 rounded bg-sand-100" />
        <div className="mt-4 h-5 w-40 rounded bg-sand-100" />
        <div className="mt-8 aspect-[3/2] rounded-2xl bg-sand-100" />
      </div>
    );
  }

  if (!post) {
    return (
      <div className="container-page max-w-4xl py-16">
        <div className="card text-center" role="alert">
          <p className="text-slate-700">{t('post.error')}</p>
          <button type="button" className="btn-primary mt-4" onClick={() => refetch()} disabled={isFetching}>
            {t('retry')}
          </button>
        </div>
      </div>
    );
  }

  const [lead, ...more] = post.images;
  const n = (value: number) => formatWholeNumber(value, lng);
  const total = post.images.length;
  return (
    <article className="container-page max-w-4xl py-8 sm:py-12" data-testid="blog-post">
      <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <span aria-hidden="true">←</span> {t('post.back')}
      </Link>
      {/* The post's own language (a Bengali post read with English menus is still Bengali). */}
      <h1 lang={post.locale} className="mt-4 font-display text-4xl leading-tight text-brand-800 sm:text-5xl" data-testid="blog-post-title">
        {post.title}
      </h1>
      <p className="mt-4 text-slate-600">
        <span className="sr-only">{t('post.published')} </span>
        <time dateTime={post.createdAt}>{formatLongDate(post.createdAt, lng)}</time>
      </p>
      {post.category.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-2" aria-label={t('post.tags')} data-testid="blog-post-tags">
          {post.category.map((tag) => (
            <li key={tag}>
              <Link
                to={`/blog?tag=${encodeURIComponent(tag)}`}
                className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800 ring-1 ring-brand-100 hover:bg-brand-100"
                aria-label={t('post.tagLink', { tag })}
              >
                {tag}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {lead && (
        <img
          src={lead}
          srcSet={imageSrcSet(lead)}
          sizes={LEAD_SIZES}
          width={1280}
          height={853}
          alt={t('post.photoAlt', { title: post.title, index: n(1), total: n(total) })}
          fetchPriority="high"
          decoding="async"
          className="mt-8 aspect-[3/2] w-full rounded-2xl bg-sand-100 object-cover"
          data-testid="blog-post-image"
        />
      )}
      <div lang={post.locale}>
        <BlogHtml html={post.description} className={`mt-8 ${PROSE}`} />
      </div>
      {more.length > 0 && (
        <section aria-labelledby="blog-post-photos" className="mt-12">
          <h2 id="blog-post-photos" className="font-display text-2xl text-brand-800">
            {t('post.photos')}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-4">
            {more.map((url, i) => (
              <li key={`${url}-${i}`}>
                <img
                  src={url}
                  srcSet={imageSrcSet(url)}
                  sizes={MORE_SIZES}
                  width={1280}
                  height={853}
                  alt={t('post.photoAlt', { title: post.title, index: n(i + 2), total: n(total) })}
                  loading="lazy"
                  decoding="async"
                  className="aspect-[3/2] w-full rounded-xl bg-sand-100 object-cover"
                />
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
