import { ArrowLeftOutlined } from '@ant-design/icons';
import type { THeroSlide } from '@residency/shared/hero-slides';
import { Button, Card, Empty, Form, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { useGetHeroSlidesQuery } from '../api';
import { SlideForm, slideFormInitialValues, useSaveSlide, type SlideFormValues } from '../components/slide-form';

const LIST = '/admin/hero-slides';

/**
 * Admin › Hero slides › New or Edit (spec sections 2 and 5): the slide's form (SlideForm, the
 * same as the list's modal) on a page of its own. On save the admin returns to the list.
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
  const { t } = useTranslation('content-admin');
  const navigate = useNavigate();
  const [form] = Form.useForm<SlideFormValues>();
  const [initialValues] = useState(() => slideFormInitialValues(slide));
  const { save, saving } = useSaveSlide(slide);

  return (
    <SlideForm
      form={form}
      name="hero-slide"
      initialValues={initialValues}
      onFinish={(values) => void save(values).then((saved) => saved && navigate(LIST))}
      disabled={saving}
      footer={
        <div className="mt-6 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-4">
          <Button onClick={() => navigate(LIST)} disabled={saving}>
            {t('heroForm.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="hero-slide-submit">
            {slide ? t('heroForm.save') : t('heroForm.create')}
          </Button>
        </div>
      }
    />
  );
}
