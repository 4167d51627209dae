import { BLOG_IMAGES_MAX, splitTags } from '@residency/shared/blogs';
import { LANGUAGES } from '@residency/shared/event-kinds';
import { App, Form, Input, Radio, Tag, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { characterCount } from '../../../lib/format';
import { ImagePicker } from '../../../components/room-template/image-picker';
import { uploadImage } from '../../../lib/upload';
import { NO_IMAGES, tagProblem, type BlogFormValues, type BlogImages } from '../blog-form-rules';
import { RichTextField } from './rich-text-field';

/** Sends the picked files through the upload pipeline (optimised, retried); their URLs in order. */
export async function uploadBlogImages(files: readonly File[], token: string | null | undefined): Promise<string[]> {
  const stored = await Promise.all(files.map((file) => uploadImage(file, { purpose: 'content', token })));
  return stored.map((image) => image.url);
}

interface Props {
  form: FormInstance<BlogFormValues>;
  /** The antd form name: prefixes the field ids (two forms on one page must differ). */
  name: string;
  initialValues: BlogFormValues;
  onFinish: (values: BlogFormValues) => void;
  disabled?: boolean;
}

/**
 * The fields of a blog post, shared by Add Blog and the Update modal (spec sections 2 and 5):
 * title, the post's language, comma-separated tags (shown as they will be saved), pictures
 * with previews and removal, and the rich-text description. The rules are the spec's: title
 * required ('Please input the title!'), description required ('Please provide post
 * description'), at least one picture, at least one tag. Nothing is uploaded here: the caller
 * uploads the new files once the form is valid.
 */
export function BlogForm({ form, name, initialValues, onFinish, disabled }: Props) {
  const { t, i18n } = useTranslation('content-admin');
  const tags = splitTags(Form.useWatch('tags', form) ?? '');
  const descriptionLabel = `${name}-description-label`;

  return (
    <Form<BlogFormValues> form={form} name={name} layout="vertical" initialValues={initialValues} onFinish={onFinish} disabled={disabled} scrollToFirstError={{ focus: true, block: 'center' }}>
      <div className="grid gap-x-6 md:grid-cols-[minmax(0,1fr)_auto]">
        <Form.Item
          name="title"
          label={t('blogForm.title')}
          rules={[
            { required: true, whitespace: true, message: t('validation.title') },
            { max: 200, message: t('validation.titleTooLong') },
          ]}
        >
          <Input maxLength={200} showCount={characterCount(i18n.resolvedLanguage)} placeholder={t('blogForm.titlePlaceholder')} />
        </Form.Item>
        <Form.Item name="locale" label={t('blogForm.locale')} extra={t('blogForm.localeHint')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={LANGUAGES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }))}
            aria-label={t('blogForm.locale')}
          />
        </Form.Item>
      </div>

      <Form.Item
        name="tags"
        label={t('blogForm.tags')}
        extra={
          <span>
            {t('blogForm.tagsHint')}
            {tags.length > 0 && (
              <span className="mt-1.5 flex flex-wrap gap-1" data-testid={`${name}-tags-preview`}>
                {tags.map((tag) => (
                  <Tag key={tag} className="!m-0">
                    {tag}
                  </Tag>
                ))}
              </span>
            )}
          </span>
        }
        rules={[
          {
            required: true,
            validator: async (_, value: string | undefined) => {
              const problem = tagProblem(value);
              if (problem) throw new Error(t(`validation.tags.${problem}`));
            },
          },
        ]}
      >
        <Input placeholder={t('blogForm.tagsPlaceholder')} autoComplete="off" />
      </Form.Item>

      <Form.Item
        name="images"
        label={t('blogForm.images')}
        rules={[
          {
            required: true,
            validator: async (_, value: BlogImages | undefined) => {
              const count = (value?.existing.length ?? 0) + (value?.pending.length ?? 0);
              if (count === 0) throw new Error(t('validation.images'));
            },
          },
        ]}
      >
        <BlogImagesInput name={name} disabled={disabled} />
      </Form.Item>

      <Form.Item
        name="description"
        label={<span id={descriptionLabel}>{t('blogForm.description')}</span>}
        rules={[{ required: true, whitespace: true, message: t('validation.description') }]}
        className="!mb-0"
      >
        <RichTextField labelledBy={descriptionLabel} disabled={disabled} />
      </Form.Item>
    </Form>
  );
}

/** The pictures field: ImagePicker as a form control (value: stored URLs and new files). */
function BlogImagesInput({
  value = NO_IMAGES,
  onChange,
  name,
  disabled,
}: {
  value?: BlogImages;
  onChange?: (value: BlogImages) => void;
  name: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('content-admin');
  const { message } = App.useApp();
  return (
    // Up to ten pictures: smaller previews, more to a row, than the picker's room-sized ones.
    <div className="sm:[&_ul]:grid-cols-4 lg:[&_ul]:grid-cols-5">
      <ImagePicker
        existing={value.existing}
        onRemoveExisting={(url) => onChange?.({ ...value, existing: value.existing.filter((u) => u !== url) })}
        pending={value.pending}
        onAdd={(files) => {
          const pictures = files.filter((file) => file.type.startsWith('image/'));
          if (pictures.length < files.length) message.warning(t('validation.notImage'), 4);
          if (pictures.length > 0) onChange?.({ ...value, pending: [...value.pending, ...pictures] });
        }}
        onRemovePending={(index) => onChange?.({ ...value, pending: value.pending.filter((_, i) => i !== index) })}
        max={BLOG_IMAGES_MAX}
        onLimit={() => message.warning(t('validation.imagesMax', { max: BLOG_IMAGES_MAX }), 4)}
        hint={t('blogForm.imagesHint', { max: BLOG_IMAGES_MAX })}
        label={t('blogForm.addImages')}
        testId={`${name}-images`}
        disabled={disabled}
      />
    </div>
  );
}
