import { GALLERY_CATEGORIES, type TGalleryCategory } from '@residency/shared/gallery';
import { App, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/room-template/image-picker';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage, uploadImage } from '../../../lib/upload';
import { useSession } from '../../../lib/use-session';
import { useAddGalleryItemMutation } from '../api';
import { galleryFileProblem, type GalleryFileProblem } from '../gallery-rules';

interface Values {
  title?: string;
  category?: TGalleryCategory;
  file?: File | null;
}

const TOAST = 'add-gallery-image';

/**
 * The Add Image modal of gallery management (spec sections 2 and 5): a title ('Please input the
 * title!'), a category ('Please select a category!') and one picture, image/* of at most
 * 10 MB ('File size too large. Maximum is 10MB.', said before anything is uploaded). The
 * picture goes up only when the form is valid; then the item is added.
 */
export function AddGalleryImageModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  // A fresh form each time it opens: nothing of the last picture stays behind.
  return open ? <AddGalleryImageDialog onClose={onClose} /> : null;
}

function AddGalleryImageDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('content-admin');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const { token } = useSession();
  const [form] = Form.useForm<Values>();
  const [addItem] = useAddGalleryItemMutation();
  const [open, setOpen] = useState(true);
  const [saving, setSaving] = useState(false);

  const refuse = (problem: Exclude<GalleryFileProblem, null>) =>
    form.setFields([{ name: 'file', errors: [t(problem === 'tooLarge' ? 'validation.fileTooLarge' : 'validation.notImage')] }]);

  const save = async (values: Values) => {
    const file = values.file!;
    setSaving(true);
    message.open({ key: TOAST, type: 'loading', content: t('messages.saving'), duration: 0 });
    try {
      let url: string;
      try {
        url = (await uploadImage(file, { purpose: 'content', token })).url;
      } catch (error) {
        message.open({ key: TOAST, type: 'error', content: uploadFailureMessage(error, t('messages.uploadImageFailed')), duration: 4 });
        return;
      }
      await addItem({ title: values.title!.trim(), category: values.category!, url }).unwrap();
      message.open({ key: TOAST, type: 'success', content: t('messages.imageAdded', { title: values.title!.trim() }), duration: 3 });
      setOpen(false);
    } catch (error) {
      message.open({ key: TOAST, type: 'error', content: errorText(error, t('messages.addImageFailed')), duration: 5 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('gallery.add.title')}
      okText={t('gallery.add.submit')}
      cancelText={t('gallery.add.cancel')}
      onOk={() => form.submit()}
      onCancel={() => !saving && setOpen(false)}
      afterClose={onClose}
      confirmLoading={saving}
      mask={{ closable: !saving }}
      keyboard={!saving}
      width={560}
    >
      <Form<Values> form={form} name="gallery-image" layout="vertical" onFinish={(values) => void save(values)} disabled={saving} className="!mt-4">
        <Form.Item
          name="title"
          label={t('gallery.add.imageTitle')}
          rules={[
            { required: true, whitespace: true, message: t('validation.title') },
            { max: 200, message: t('validation.titleTooLong') },
          ]}
        >
          <Input maxLength={200} placeholder={t('gallery.add.titlePlaceholder')} />
        </Form.Item>
        <Form.Item name="category" label={t('gallery.add.category')} rules={[{ required: true, message: t('validation.category') }]}>
          <Select
            placeholder={t('gallery.add.categoryPlaceholder')}
            options={GALLERY_CATEGORIES.map((c) => ({ value: c, label: t(`gallery.categories.${c}`) }))}
            data-testid="gallery-category"
          />
        </Form.Item>
        <Form.Item
          name="file"
          label={t('gallery.add.image')}
          extra={t('gallery.add.imageHint')}
          rules={[{ required: true, message: t('validation.image') }]}
          className="!mb-0"
        >
          <GalleryFileInput onRefuse={refuse} disabled={saving} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** One picture as a form control: chosen, previewed, removable; a file that cannot be one is refused at once. */
function GalleryFileInput({
  value,
  onChange,
  onRefuse,
  disabled,
}: {
  value?: File | null;
  onChange?: (file: File | null) => void;
  onRefuse: (problem: Exclude<GalleryFileProblem, null>) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('content-admin');
  const pending = value ? [value] : [];
  return (
    <ImagePicker
      existing={[]}
      pending={pending}
      onAdd={([file]) => {
        if (!file) return;
        const problem = galleryFileProblem(file);
        if (problem) onRefuse(problem);
        else onChange?.(file);
      }}
      onRemovePending={() => onChange?.(null)}
      // One picture: a new choice replaces the last one.
      label={t('gallery.add.choose')}
      testId="gallery-file"
      disabled={disabled}
    />
  );
}
