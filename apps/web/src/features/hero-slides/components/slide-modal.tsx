import type { THeroSlide } from '@residency/shared/hero-slides';
import { Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SlideForm, slideFormInitialValues, useSaveSlide, type SlideFormValues } from './slide-form';

/**
 * The hero slide list's create/edit modal (spec section 2: "a modal also exists in the list"):
 * the form page's fields and rules (SlideForm) without leaving the list. `slide` is 'new', a
 * slide to edit, or null (closed).
 */
export function SlideModal({ slide, onClose }: { slide: THeroSlide | 'new' | null; onClose: () => void }) {
  // A fresh form per slide, so nothing typed for one slide shows up in another.
  if (!slide) return null;
  return <SlideDialog key={slide === 'new' ? 'new' : slide._id} slide={slide === 'new' ? null : slide} onClose={onClose} />;
}

function SlideDialog({ slide, onClose }: { slide: THeroSlide | null; onClose: () => void }) {
  const { t } = useTranslation('content-admin');
  const [form] = Form.useForm<SlideFormValues>();
  const [open, setOpen] = useState(true);
  const [initialValues] = useState(() => slideFormInitialValues(slide));
  const { save, saving } = useSaveSlide(slide);
  const close = () => !saving && setOpen(false);

  return (
    <Modal
      open={open}
      title={slide ? t('heroForm.editTitle') : t('heroForm.newTitle')}
      width={1000}
      footer={null}
      onCancel={close}
      afterClose={onClose}
      // A tap beside the dialog must not throw away what was typed: Cancel, × and Escape close it.
      mask={{ closable: false }}
      keyboard={!saving}
      closable={!saving}
    >
      <div className="pt-2" data-testid="hero-slide-modal">
        <SlideForm
          form={form}
          name="hero-slide-modal"
          wide="xl"
          initialValues={initialValues}
          onFinish={(values) => void save(values).then((saved) => saved && setOpen(false))}
          disabled={saving}
          footer={
            <div className="mt-5 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
              {/* The same form on a page of its own (a link to share); as tall as the buttons, for a finger. */}
              <Link to={slide ? `/admin/hero-slides/${slide._id}/edit` : '/admin/hero-slides/new'} className="inline-flex min-h-8 items-center text-sm underline-offset-2 hover:underline">
                {t('heroForm.openPage')}
              </Link>
              <div className="ms-auto flex flex-wrap justify-end gap-2">
                <Button onClick={close} disabled={saving}>
                  {t('heroForm.cancel')}
                </Button>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="hero-slide-modal-submit">
                  {slide ? t('heroForm.save') : t('heroForm.create')}
                </Button>
              </div>
            </div>
          }
        />
      </div>
    </Modal>
  );
}
