import { DeleteOutlined, EditOutlined, PictureOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { TBlog } from '@residency/shared/blogs';
import type { TLanguage } from '@residency/shared/event-kinds';
import { imageVariant } from '@residency/shared/image-sizes';
import { App, Button, Card, Empty, Input, Popconfirm, Segmented, Tag } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { LoadError } from '../../../components/dashboard/load-error';
import { CardActions, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { formatNumber, formatShortDate } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteBlogMutation, useGetBlogsQuery } from '../api';
import { BlogUpdateModal } from '../components/blog-update-modal';

type LocaleFilter = TLanguage | 'all';

/**
 * Admin › Blogs (spec section 2, Blog list): the posts sorted by title, with their tags
 * (Categories), how many pictures they have and Update (a modal 1000 wide) and Delete ('Delete
 * blog?'). Search by title or tag on the server, a language filter, pagination from the
 * answer's meta, 'No blogs found.' when nothing matches. On phones the rows become cards.
 */
export default function BlogManagementPage() {
  const { t, i18n } = useTranslation('content-admin');
  const lng = i18n.resolvedLanguage ?? 'en';
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const phone = usePhoneLayout();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [locale, setLocale] = useState<LocaleFilter>('all');
  const searchTerm = useDebouncedValue(search.trim());
  const { data, isLoading, isFetching, isError, error, refetch } = useGetBlogsQuery({
    page,
    searchTerm: searchTerm || undefined,
    locale: locale === 'all' ? undefined : locale,
    sort: 'title',
  });
  const [deleteBlog] = useDeleteBlogMutation();
  const [deleting, setDeleting] = useState<string | null>(null);
  // The post being updated, as the list has it now (or as it was opened, should a refresh move it
  // to another page while the modal closes).
  const [opened, setOpened] = useState<TBlog | null>(null);
  const blogs = data?.data ?? [];
  const editing = opened ? (blogs.find((b) => b._id === opened._id) ?? opened) : null;

  const remove = async (blog: TBlog) => {
    setDeleting(blog._id);
    try {
      await deleteBlog(blog._id).unwrap();
      message.success(t('messages.blogDeleted', { title: blog.title }), 3);
      if (blogs.length === 1 && page > 1) setPage(page - 1);
    } catch (err) {
      message.error(errorText(err, t('messages.deleteFailed')), 3);
    } finally {
      setDeleting(null);
    }
  };

  const languageTag = (blog: TBlog) => (
    <Tag color={blog.locale === 'bn' ? 'purple' : 'blue'} className={`!m-0 ${blog.locale === 'bn' ? '!text-purple-900' : '!text-blue-900'}`} data-testid="blog-locale">
      {t(`languages.${blog.locale}`)}
    </Tag>
  );

  const titleCell = (blog: TBlog) => (
    <div className="min-w-0">
      <span className="block font-semibold break-words text-slate-900">{blog.title}</span>
      <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
        {languageTag(blog)}
        {t('blogs.updated', { date: formatShortDate(blog.updatedAt, lng) })}
      </span>
    </div>
  );

  const tags = (blog: TBlog) => (
    <div className="flex flex-wrap gap-1" data-testid="blog-tags">
      {blog.category.map((tag) => (
        <Tag key={tag} className="!m-0">
          {tag}
        </Tag>
      ))}
    </div>
  );

  const images = (blog: TBlog) => (
    <span className="inline-flex items-center gap-2 whitespace-nowrap" data-testid="blog-images">
      {blog.images[0] ? (
        <img src={imageVariant(blog.images[0], 320)} alt="" className="h-9 w-12 rounded object-cover" loading="lazy" />
      ) : (
        <PictureOutlined aria-hidden className="text-slate-500" />
      )}
      {t('blogs.imageCount', { count: blog.images.length, n: formatNumber(blog.images.length, lng) })}
    </span>
  );

  // On a phone card the buttons get their icons and half the card each (CardActions).
  const actions = (blog: TBlog, wrap: (buttons: ReactNode) => ReactNode) =>
    wrap(
      <>
        <Button icon={<EditOutlined aria-hidden />} onClick={() => setOpened(blog)} aria-label={t('blogs.updateTitle', { title: blog.title })} data-testid="blog-update">
          {t('blogs.update')}
        </Button>
        <Popconfirm
          title={t('blogs.confirmDelete.title')}
          description={<span className="block max-w-64">{t('blogs.confirmDelete.text', { title: blog.title })}</span>}
          okText={t('blogs.confirmDelete.ok')}
          cancelText={t('blogs.confirmDelete.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(blog)}
        >
          <Button
            danger
            className="enabled:!text-red-700"
            icon={<DeleteOutlined aria-hidden />}
            loading={deleting === blog._id}
            aria-label={t('blogs.deleteTitle', { title: blog.title })}
            data-testid="blog-delete"
          >
            {t('blogs.delete')}
          </Button>
        </Popconfirm>
      </>,
    );

  const pagination = { ...listPagination(data?.meta, page, setPage), hideOnSinglePage: true };
  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('blogs.empty')} />;
  const addButton = (
    <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => navigate('/admin/add-blog')} data-testid="add-blog">
      {t('blogs.add')}
    </Button>
  );

  return (
    <Card size={phone ? 'small' : 'default'}>
      <div className="mb-4 flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
        <ScreenHeading title={t('blogs.title')} subtitle={t('blogs.subtitle')} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('blogs.search')}
            aria-label={t('blogs.search')}
            value={search}
            inputMode="search"
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="sm:!w-72"
            data-testid="blogs-search"
          />
          {addButton}
        </div>
      </div>
      <div className="mb-4">
        <Segmented<LocaleFilter>
          value={locale}
          onChange={(value) => {
            setLocale(value);
            setPage(1);
          }}
          options={[
            { value: 'all', label: t('blogs.allLanguages') },
            { value: 'en', label: t('languages.en') },
            { value: 'bn', label: t('languages.bn') },
          ]}
          aria-label={t('blogs.languageFilter')}
          data-testid="blogs-locale-filter"
        />
      </div>

      {isError && <LoadError error={error} fallback={t('blogs.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}

      <ResponsiveList<TBlog>
        phone={phone}
        rows={blogs}
        rowKey="_id"
        loading={isFetching && !isLoading ? { delay: 200 } : isLoading}
        empty={empty}
        pagination={blogs.length > 0 ? pagination : false}
        rowTestId={(blog) => `blog-${blog._id}`}
        card={(blog) => (
          <>
            {titleCell(blog)}
            {tags(blog)}
            <div className="text-sm text-slate-700">{images(blog)}</div>
            {actions(blog, (buttons) => <CardActions>{buttons}</CardActions>)}
          </>
        )}
        table={{
          size: 'middle',
          scroll: { x: 760 },
          columns: [
            { title: t('blogs.columns.title'), key: 'title', render: (_: unknown, blog) => titleCell(blog) },
            { title: t('blogs.columns.categories'), key: 'categories', width: '30%', render: (_: unknown, blog) => tags(blog) },
            { title: t('blogs.columns.images'), key: 'images', width: 150, render: (_: unknown, blog) => images(blog) },
            {
              title: t('blogs.columns.action'),
              key: 'action',
              width: 230,
              render: (_: unknown, blog) => actions(blog, (buttons) => <div className="flex flex-nowrap items-center gap-2">{buttons}</div>),
            },
          ],
        }}
      />

      <BlogUpdateModal blog={editing} onClose={() => setOpened(null)} />
    </Card>
  );
}
