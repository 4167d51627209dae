import { formatLongDate } from '@residency/shared/display';
import type { TBlog } from '@residency/shared/blogs';
import { imageSrcSet } from '@residency/shared/image-sizes';
import { Link } from 'react-router';
import { RoomImageFallback } from '../../../components/room-image';
import { blogExcerpt } from '../blog-html';

/**
 * A post as a card (the /blog list and the home page's latest stories): its first picture in a
 * 3:2 box, the date, the title (two lines at most) and the start of its text (three lines at
 * most). Every part has a fixed height, so a list of cards keeps its size whatever the texts.
 */
export function BlogCard({ post, lng, sizes, headingLevel = 'h3', eager = false, className = '' }: {
  post: TBlog;
  lng: string;
  /** How wide the picture is drawn (its `sizes`). */
  sizes: string;
  headingLevel?: 'h2' | 'h3';
  /** The first card of a page: its picture may be the page's largest paint, fetched at once. */
  eager?: boolean;
  className?: string;
}) {
  const Heading = headingLevel;
  const image = post.images[0];
  return (
    <article
      className={`group relative flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/70 focus-within:ring-2 focus-within:ring-brand-700 ${className}`}
      data-testid="blog-card"
    >
      <div className="aspect-[3/2] overflow-hidden bg-sand-100">
        {image ? (
          <img
            src={image}
            srcSet={imageSrcSet(image)}
            sizes={sizes}
            width={1280}
            height={853}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:transition-none"
          />
        ) : (
          <RoomImageFallback name={post.title} label="" />
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm text-slate-600">
          <time dateTime={post.createdAt}>{formatLongDate(post.createdAt, lng)}</time>
        </p>
        <Heading className="mt-1.5 line-clamp-2 h-14 font-display text-xl leading-7 text-brand-800">
          {/* The whole card is the link (its ::after covers it); the title is its name. */}
          <Link to={`/blog/${post._id}`} className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none" data-testid="blog-card-link">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 h-[4.5rem] text-sm leading-6 text-slate-700">{blogExcerpt(post.description)}</p>
      </div>
    </article>
  );
}
