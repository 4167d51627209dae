import { LANGUAGES } from '@residency/shared/event-kinds';
import type { THeroSlide } from '@residency/shared/hero-slides';
import { App, Divider, Form, Input, InputNumber, Radio, Switch, type FormInstance } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { characterCount } from '../../../lib/format';
import { ImagePicker } from '../../../components/room-template/image-picker';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage, uploadImage } from '../../../lib/upload';
import { useSession } from '../../../lib/use-session';
import { useCreateHeroSlideMutation, useUpdateHeroSlideMutation } from '../api';
import { ctaLinkAllowed, heroSlideFormValuesOf, heroSlidePayload, NEW_SLIDE, type HeroSlideFormValues } from '../hero-slide-form';
import { SlidePreview } from './slide-preview';

/** The slide's picture in the form: the stored one, or a new file to upload on save. */
interface SlideImage {
  url: string;
  file: File | null;
}
export type SlideFormValues = HeroSlideFormValues & { image?: SlideImage | null };

const TOAST = 'hero-slide';

/** The form's first values: the stored slide's, or a new slide's defaults. */
export function slideFormInitialValues(slide: THeroSlide | null): SlideFormValues {
  return slide ? { ...heroSlideFormValuesOf(slide), image: { url: slide.imageUrl, file: null } } : { ...NEW_SLIDE, image: null };
}

/**
 * Saving a slide, as the form page and the list's modal both do: the new picture uploaded first,
 * then the slide created or replaced with the spec's coercions (heroSlidePayload), with the same
 * messages. `save` answers whether the slide was saved (the caller then leaves or closes).
 */
export function useSaveSlide(slide: THeroSlide | null) {
  const { t } = useTranslation('content-admin');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const { token } = useSession();
  const [createSlide] = useCreateHeroSlideMutation();
  const [updateSlide] = useUpdateHeroSlideMutation();
  const [saving, setSaving] = useState(false);

  const save = async (values: SlideFormValues): Promise<boolean> => {
    setSaving(true);
    message.open({ key: TOAST, type: 'loading', content: t('messages.saving'), duration: 0 });
    try {
      let imageUrl = values.image?.url ?? '';
      if (values.image?.file) {
        try {
          imageUrl = (await uploadImage(values.image.file, { purpose: 'content', token })).url;
        } catch (error) {
          message.open({ key: TOAST, type: 'error', content: uploadFailureMessage(error, t('messages.uploadImageFailed')), duration: 4 });
          return false;
        }
      }
      const payload = heroSlidePayload(values, imageUrl);
      if (slide) await updateSlide({ id: slide._id, payload }).unwrap();
      else await createSlide(payload).unwrap();
      message.open({ key: TOAST, type: 'success', content: t('messages.slideSaved', { title: payload.title }), duration: 3 });
      return true;
    } catch (error) {
      message.open({ key: TOAST, type: 'error', content: errorText(error, t(slide ? 'messages.updateFailed' : 'messages.createFailed')), duration: 5 });
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { save, saving };
}

interface Props {
  form: FormInstance<SlideFormValues>;
  /** The antd form name: prefixes the field ids (the page's and the modal's must differ). */
  name: string;
  initialValues: SlideFormValues;
  onFinish: (values: SlideFormValues) => void;
  disabled?: boolean;
  /**
   * Where the form is: the page puts the picture and preview beside the fields on a wide screen;
   * the modal, narrower, from a wider screen on.
   */
  wide?: 'lg' | 'xl';
  /** The form's buttons, inside the form: a submit button there sends it on Enter too. */
  footer: ReactNode;
}

/**
 * The fields of a hero slide (spec sections 2 and 5), shared by its form page and the list's
 * modal: title and picture (required), subtitle, description, two calls to action (label and
 * link), order, active and language, with a preview as the home page will show it. The rules
 * are the same in both places; nothing is uploaded here (useSaveSlide does, once the form is valid).
 */
export function SlideForm({ form, name, initialValues, onFinish, disabled, wide = 'lg', footer }: Props) {
  const { t, i18n } = useTranslation('content-admin');
  const watched = Form.useWatch([], form) as SlideFormValues | undefined;

  // A button needs words: a link alone would be an empty button on the home page.
  const labelRule = (hrefField: 'primaryHref' | 'secondaryHref') => ({
    validator: async (_: unknown, label: string | undefined) => {
      if (!(label ?? '').trim() && (form.getFieldValue(hrefField) ?? '').trim()) throw new Error(t('validation.ctaLabel'));
    },
  });
  const hrefRule = {
    validator: async (_: unknown, href: string | undefined) => {
      if (!ctaLinkAllowed(href)) throw new Error(t('validation.ctaLink'));
    },
  };

  const cta = (which: 'primary' | 'secondary') => (
    <div className="grid gap-x-4 sm:grid-cols-2">
      <Form.Item name={`${which}Label`} label={t(`heroForm.${which}Label`)} dependencies={[`${which}Href`]} rules={[labelRule(`${which}Href`), { max: 60, message: t('validation.ctaLabelTooLong') }]}>
        <Input maxLength={60} placeholder={t(`heroForm.${which}LabelPlaceholder`)} />
      </Form.Item>
      <Form.Item name={`${which}Href`} label={t(`heroForm.${which}Href`)} rules={[hrefRule, { max: 500, message: t('validation.ctaLinkTooLong') }]}>
        <Input maxLength={500} placeholder={t(`heroForm.${which}HrefPlaceholder`)} inputMode="url" />
      </Form.Item>
    </div>
  );

  return (
    <Form<SlideFormValues>
      form={form}
      name={name}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onFinish}
      disabled={disabled}
      scrollToFirstError={{ focus: true, block: 'center' }}
    >
      <div className={`grid gap-x-8 ${wide === 'xl' ? 'xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]' : 'lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]'}`}>
        <div>
          <Form.Item
            name="title"
            label={t('heroForm.title')}
            rules={[
              { required: true, whitespace: true, message: t('validation.slideTitle') },
              { max: 120, message: t('validation.slideTitleTooLong') },
            ]}
          >
            <Input maxLength={120} showCount={characterCount(i18n.resolvedLanguage)} placeholder={t('heroForm.titlePlaceholder')} />
          </Form.Item>
          <Form.Item name="subtitle" label={t('heroForm.subtitleField')} rules={[{ max: 200, message: t('validation.subtitleTooLong') }]}>
            <Input maxLength={200} placeholder={t('heroForm.subtitlePlaceholder')} />
          </Form.Item>
          <Form.Item name="description" label={t('heroForm.description')} rules={[{ max: 1000, message: t('validation.descriptionTooLong') }]}>
            <Input.TextArea rows={3} maxLength={1000} showCount={characterCount(i18n.resolvedLanguage)} />
          </Form.Item>

          <Divider titlePlacement="start" className="!mt-2">
            {t('heroForm.buttons')}
          </Divider>
          <p className="-mt-2 mb-4 text-sm text-slate-600">{t('heroForm.buttonsHint')}</p>
          {cta('primary')}
          {cta('secondary')}

          <Divider titlePlacement="start" className="!mt-2">
            {t('heroForm.publishing')}
          </Divider>
          <div className="grid gap-x-6 sm:grid-cols-[max-content_9rem_minmax(0,1fr)]">
            <Form.Item name="locale" label={t('heroForm.locale')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={LANGUAGES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }))}
                aria-label={t('heroForm.locale')}
              />
            </Form.Item>
            <Form.Item name="order" label={t('heroForm.order')} extra={t('heroForm.orderHint')}>
              <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="active" label={t('heroForm.active')} valuePropName="checked" extra={t('heroForm.activeHint')}>
              <Switch />
            </Form.Item>
          </div>
        </div>

        <div className="flex flex-col gap-4">
          <Form.Item
            name="image"
            label={t('heroForm.image')}
            extra={t('heroForm.imageHint')}
            rules={[{ required: true, message: t('validation.slideImage') }]}
            className="!mb-0"
          >
            <SlideImageInput disabled={disabled} testId={`${name}-image`} />
          </Form.Item>
          <SlidePreview values={watched ?? initialValues} />
        </div>
      </div>
      {footer}
    </Form>
  );
}

/** The one picture of a slide as a form control: the stored one (removable) or a new file. */
function SlideImageInput({
  value,
  onChange,
  disabled,
  testId,
}: {
  value?: SlideImage | null;
  onChange?: (value: SlideImage | null) => void;
  disabled?: boolean;
  testId: string;
}) {
  const { t } = useTranslation('content-admin');
  const { message } = App.useApp();
  return (
    <ImagePicker
      existing={value?.url && !value.file ? [value.url] : []}
      onRemoveExisting={() => onChange?.(null)}
      pending={value?.file ? [value.file] : []}
      onAdd={([file]) => {
        if (!file) return;
        if (!file.type.startsWith('image/')) {
          message.warning(t('validation.notImage'), 4);
          return;
        }
        // A new choice replaces the picture (the stored one stays until the slide is saved).
        onChange?.({ url: value?.url ?? '', file });
      }}
      onRemovePending={() => onChange?.(value?.url ? { url: value.url, file: null } : null)}
      label={value ? t('heroForm.replaceImage') : t('heroForm.chooseImage')}
      testId={testId}
      disabled={disabled}
    />
  );
}
