import { ArrowLeftOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@residency/shared/event-kinds';
import type { THeroSlide } from '@residency/shared/hero-slides';
import { App, Button, Card, Divider, Empty, Form, Input, InputNumber, Radio, Skeleton, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { characterCount } from '../../../lib/format';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { ImagePicker } from '../../../components/room-template/image-picker';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage, uploadImage } from '../../../lib/upload';
import { useSession } from '../../../lib/use-session';
import { useCreateHeroSlideMutation, useGetHeroSlidesQuery, useUpdateHeroSlideMutation } from '../api';
import { SlidePreview } from '../components/slide-preview';
import { ctaLinkAllowed, heroSlideFormValuesOf, heroSlidePayload, NEW_SLIDE, type HeroSlideFormValues } from '../hero-slide-form';

/** The slide's picture in the form: the stored one, or a new file to upload on save. */
interface SlideImage {
  url: string;
  file: File | null;
}
type Values = HeroSlideFormValues & { image?: SlideImage | null };

const LIST = '/admin/hero-slides';
const TOAST = 'hero-slide';

/**
 * Admin › Hero slides › New or Edit (spec sections 2 and 5): title and picture (required),
 * subtitle, description, two calls to action (label and link), order, active and language,
 * with a preview as the home page will show it. On save the form's values get the spec's
 * coercions (heroSlidePayload) and the admin returns to the list.
 */
export default function HeroSlideFormPage() {
  const { t } = useTranslation('content-admin');
  const { id } = useParams();
  const navigate = useNavigate();
  // The list is the only read the API offers (spec section 7); an admin's includes inactive slides.
  const { data, isLoading, isError, error, refetch } = useGetHeroSlidesQuery({ includeInactive: true }, { skip: !id });
  const slide = id ? data?.data.find((s) => s._id === id) : undefined;

  const heading = (
    <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <ScreenHeading title={id ? t('heroForm.editTitle') : t('heroForm.newTitle')} subtitle={t('heroForm.subtitle')} />
      <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(LIST)} className="self-start">
        {t('heroForm.back')}
      </Button>
    </div>
  );

  if (id && (isLoading || isError || !slide)) {
    return (
      <Card classNames={{ body: '!p-3 sm:!p-6' }}>
        {heading}
        {isLoading ? (
          <Skeleton active />
        ) : isError ? (
          <LoadError error={error} fallback={t('heroSlides.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />
        ) : (
          <Empty description={t('heroForm.notFound')} data-testid="hero-slide-not-found">
            <Button type="primary" onClick={() => navigate(LIST)}>
              {t('heroForm.back')}
            </Button>
          </Empty>
        )}
      </Card>
    );
  }

  return (
    <Card classNames={{ body: '!p-3 sm:!p-6' }}>
      {heading}
      <HeroSlideForm key={slide?._id ?? 'new'} slide={slide ?? null} />
    </Card>
  );
}

function HeroSlideForm({ slide }: { slide: THeroSlide | null }) {
  const { t, i18n } = useTranslation('content-admin');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { token } = useSession();
  const [form] = Form.useForm<Values>();
  const [createSlide] = useCreateHeroSlideMutation();
  const [updateSlide] = useUpdateHeroSlideMutation();
  const [saving, setSaving] = useState(false);
  const [initialValues] = useState<Values>(() =>
    slide ? { ...heroSlideFormValuesOf(slide), image: { url: slide.imageUrl, file: null } } : { ...NEW_SLIDE, image: null },
  );
  const watched = Form.useWatch([], form) as Values | undefined;

  const save = async (values: Values) => {
    setSaving(true);
    message.open({ key: TOAST, type: 'loading', content: t('messages.saving'), duration: 0 });
    try {
      let imageUrl = values.image?.url ?? '';
      if (values.image?.file) {
        try {
          imageUrl = (await uploadImage(values.image.file, { purpose: 'content', token })).url;
        } catch (error) {
          message.open({ key: TOAST, type: 'error', content: uploadFailureMessage(error, t('messages.uploadImageFailed')), duration: 4 });
          return;
        }
      }
      const payload = heroSlidePayload(values, imageUrl);
      if (slide) await updateSlide({ id: slide._id, payload }).unwrap();
      else await createSlide(payload).unwrap();
      message.open({ key: TOAST, type: 'success', content: t('messages.slideSaved', { title: payload.title }), duration: 3 });
      navigate(LIST);
    } catch (error) {
      message.open({ key: TOAST, type: 'error', content: errorText(error, t(slide ? 'messages.updateFailed' : 'messages.createFailed')), duration: 5 });
    } finally {
      setSaving(false);
    }
  };

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
    <Form<Values>
      form={form}
      name="hero-slide"
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => void save(values)}
      disabled={saving}
      scrollToFirstError={{ focus: true, block: 'center' }}
    >
      <div className="grid gap-x-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
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
            <SlideImageInput disabled={saving} />
          </Form.Item>
          <SlidePreview values={watched ?? initialValues} />
        </div>
      </div>

      <div className="mt-6 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
        <Button onClick={() => navigate(LIST)} disabled={saving}>
          {t('heroForm.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="hero-slide-submit">
          {slide ? t('heroForm.save') : t('heroForm.create')}
        </Button>
      </div>
    </Form>
  );
}

/** The one picture of a slide as a form control: the stored one (removable) or a new file. */
function SlideImageInput({ value, onChange, disabled }: { value?: SlideImage | null; onChange?: (value: SlideImage | null) => void; disabled?: boolean }) {
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
      testId="hero-slide-image"
      disabled={disabled}
    />
  );
}
