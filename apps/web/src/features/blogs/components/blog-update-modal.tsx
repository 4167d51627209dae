import type { TBlog } from '@residency/shared/blogs';
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage } from '../../../lib/upload';
import { useSession } from '../../../lib/use-session';
import { useUpdateBlogMutation } from '../api';
import { blogFormValuesOf, blogPayload, type BlogFormValues } from '../blog-form-rules';
import { BlogForm, uploadBlogImages } from './blog-form';

const TOAST = 'update-blog';

/** The Update modal of the blog list (spec: width 1000), for the post given; closed when null. */
export function BlogUpdateModal({ blog, onClose }: { blog: TBlog | null; onClose: () => void }) {
  // A fresh form per post, so nothing typed for one post shows up in another.
  return blog ? <BlogUpdateDialog key={blog._id} blog={blog} onClose={onClose} /> : null;
}

function BlogUpdateDialog({ blog, onClose }: { blog: TBlog; onClose: () => void }) {
  const { t } = useTranslation('content-admin');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const { token } = useSession();
  const [form] = Form.useForm<BlogFormValues>();
  const [updateBlog] = useUpdateBlogMutation();
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);
  const [initialValues] = useState(() => blogFormValuesOf(blog));

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
      await updateBlog({ id: blog._id, payload: blogPayload(values, uploaded) }).unwrap();
      message.open({ key: TOAST, type: 'success', content: t('messages.blogUpdated'), duration: 3 });
      setOpen(false);
    } catch (error) {
      message.open({ key: TOAST, type: 'error', content: errorText(error, t('messages.updateBlogFailed')), duration: 5 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('update.title')}
      width={1000}
      okText={t('update.save')}
      cancelText={t('update.cancel')}
      onOk={() => form.submit()}
      onCancel={() => !saving && setOpen(false)}
      afterClose={onClose}
      confirmLoading={saving}
      mask={{ closable: !saving }}
      keyboard={!saving}
    >
      <div className="pt-2" data-testid="update-blog-form">
        <BlogForm form={form} name="update-blog" initialValues={initialValues} onFinish={(values) => void save(values)} disabled={saving} />
      </div>
    </Modal>
  );
}
