import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TLanguage } from '@residency/shared/event-kinds';
import { App, Button, Card, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage } from '../../../lib/upload';
import { useSession } from '../../../lib/use-session';
import { useCreateBlogMutation } from '../api';
import { blogPayload, NO_IMAGES, type BlogFormValues } from '../blog-form-rules';
import { BlogForm, uploadBlogImages } from '../components/blog-form';

const TOAST = 'add-blog';

/**
 * Admin › Add Blog (spec section 2): the post's fields, checked before anything is uploaded;
 * then the new pictures go up, the post is created, and the admin lands on the blog list.
 */
export default function AddBlogPage() {
  const { t, i18n } = useTranslation('content-admin');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { token } = useSession();
  const [form] = Form.useForm<BlogFormValues>();
  const [createBlog] = useCreateBlogMutation();
  const [saving, setSaving] = useState(false);
  // A post is most often written in the language the admin works in.
  const [initialValues] = useState<BlogFormValues>(() => ({
    title: '',
    locale: (i18n.resolvedLanguage === 'bn' ? 'bn' : 'en') as TLanguage,
    tags: '',
    images: NO_IMAGES,
    description: '',
  }));

  const save = async (values: BlogFormValues) => {
    setSaving(true);
    message.open({ key: TOAST, type: 'loading', content: t('messages.saving'), duration: 0 });
    try {
      let uploaded: string[];
      try {
        uploaded = await uploadBlogImages(values.images?.pending ?? [], token);
      } catch (error) {
        message.open({ key: TOAST, type: 'error', content: uploadFailureMessage(error, t('messages.uploadImageFailed')), duration: 4 });
        return;
      }
      const created = await createBlog(blogPayload(values, uploaded)).unwrap();
      message.open({ key: TOAST, type: 'success', content: t('messages.blogCreated', { title: created.data.title }), duration: 3 });
      navigate('/admin/blog-management');
    } catch (error) {
      message.open({ key: TOAST, type: 'error', content: errorText(error, t('messages.createFailed')), duration: 5 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card classNames={{ body: '!p-3 sm:!p-6' }}>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <ScreenHeading title={t('addBlog.title')} subtitle={t('addBlog.subtitle')} />
        <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate('/admin/blog-management')} className="self-start">
          {t('addBlog.back')}
        </Button>
      </div>
      <BlogForm form={form} name="add-blog" initialValues={initialValues} onFinish={(values) => void save(values)} disabled={saving} />
      <div className="mt-6 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button onClick={() => navigate('/admin/blog-management')} disabled={saving}>
          {t('addBlog.cancel')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => form.submit()} data-testid="add-blog-submit">
          {t('addBlog.submit')}
        </Button>
      </div>
    </Card>
  );
}
