import type { RoomStatus } from '@residency/shared';
import { MAX_ROOM_IMAGES } from '@residency/shared/room-rules';
import { ZRoomInput } from '@residency/shared/rooms';
import { App, Button, Card, Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage, uploadImage } from '../../../lib/upload';
import { useSession } from '../../../lib/use-session';
import { useGetCategoriesQuery } from '../../../lib/categories-api';
import { useCreateRoomMutation } from '../api';
import { ImagePicker } from '../../../components/room-template/image-picker';
import { BenefitChips, TemplateFields, useValidationText } from '../../../components/room-template/template-inputs';
import { fieldErrors, roomDraftFromCategory, roomInputFromDraft, type RoomDraft } from '../room-form-rules';
import { TEMPLATE_SECTIONS } from '../../../components/room-template/room-template';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';

const TOAST = 'add-room';
/** The add-room form's statuses (spec section 4: unavailable only comes from here). */
const ADD_STATUSES: RoomStatus[] = ['available', 'unavailable', 'maintenance'];
const OVERVIEW_FIELDS = ['room_number', 'name', 'size', 'wireless_internet'] as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card type="inner" size="small" title={title} className="!mb-4">
      {children}
    </Card>
  );
}

/** The server's field errors (400 with `errors`), by path. */
function serverFieldErrors(error: unknown): Record<string, string> {
  const list = (error as { data?: { errors?: { path: string; message: string }[] } } | undefined)?.data?.errors;
  return fieldErrors((list ?? []).map((e) => ({ path: e.path.split('.'), message: e.message })));
}

function scrollToFirstError() {
  requestAnimationFrame(() =>
    document.querySelector('.ant-form-item-has-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
  );
}

/** Admin › Add Room (spec section 2): choose a category, adjust its template, set price and status, add images. */
export default function AddRoomPage() {
  const { t } = useTranslation('rooms');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { token } = useSession();
  const validationText = useValidationText();
  const { data: categoryData, isLoading: loadingCategories } = useGetCategoriesQuery();
  const [createRoom] = useCreateRoomMutation();
  const [draft, setDraft] = useState<RoomDraft | null>(null);
  const [pending, setPending] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const categories = [...(categoryData?.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  const chooseCategory = (name: string) => {
    const category = categories.find((c) => c.name === name);
    if (!category) return;
    setDraft(roomDraftFromCategory(category));
    setErrors({});
  };
  const set = (key: keyof RoomDraft, value: unknown) => setDraft((d) => (d ? { ...d, [key]: value } : d));
  const setIn = (section: string, field: string, value: unknown) =>
    setDraft((d) =>
      d ? { ...d, [section]: { ...(d[section as keyof RoomDraft] as Record<string, unknown>), [field]: value } } : d,
    );
  const item = (path: string) => ({
    validateStatus: errors[path] ? ('error' as const) : undefined,
    help: validationText(errors[path]),
  });

  const submit = async () => {
    if (busy) return;
    if (!draft) {
      setErrors({ category: 'Category is required' });
      return;
    }
    const check = ZRoomInput.safeParse(roomInputFromDraft(draft, []));
    if (!check.success) {
      setErrors(fieldErrors(check.error.issues));
      message.error(t('messages.fixErrors'));
      scrollToFirstError();
      return;
    }
    setErrors({});
    setBusy(true);
    message.open({ key: TOAST, type: 'loading', content: t('messages.preparing'), duration: 0 });
    try {
      let images: string[];
      try {
        images = (await Promise.all(pending.map((file) => uploadImage(file, { purpose: 'content', token })))).map((i) => i.url);
      } catch (error) {
        message.open({ key: TOAST, type: 'error', content: uploadFailureMessage(error, t('messages.uploadImagesFailed')), duration: 5 });
        return;
      }
      message.open({ key: TOAST, type: 'loading', content: t('messages.adding'), duration: 0 });
      await createRoom(roomInputFromDraft(draft, images)).unwrap();
      message.open({ key: TOAST, type: 'success', content: t('messages.added'), duration: 5 });
      navigate('/admin/room-management');
    } catch (error) {
      setErrors(serverFieldErrors(error));
      message.open({ key: TOAST, type: 'error', content: errorText(error, t('messages.somethingWentWrong')), duration: 5 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card classNames={{ body: '!p-3 sm:!p-6' }}>
      <div className="mb-5">
        <ScreenHeading title={t('add.title')} />
        <Typography.Text type="secondary">{t('add.subtitle')}</Typography.Text>
      </div>
      <Form layout="vertical" onFinish={() => void submit()} data-testid="add-room-form">
        <div className="mb-4 rounded-lg border border-slate-200 bg-slate-50 px-3 pt-3 sm:px-4 sm:pt-4">
          <Form.Item
            label={t('fields.category')}
            htmlFor="add-room-category"
            required
            {...item('category')}
            extra={!draft ? t('add.chooseCategory') : undefined}
            style={{ maxWidth: 420 }}
          >
            <Select
              id="add-room-category"
              data-testid="add-room-category"
              loading={loadingCategories}
              placeholder={t('add.categoryPlaceholder')}
              value={draft?.category}
              onChange={chooseCategory}
              showSearch
              options={categories.map((c) => ({ value: c.name, label: c.name }))}
              notFoundContent={t('add.noCategories')}
            />
          </Form.Item>
        </div>

        {draft && (
          <>
            <Section title={t('sections.room_overview')}>
              <Row gutter={16}>
                {OVERVIEW_FIELDS.map((field) => (
                  <Col key={field} xs={24} sm={12} xl={6}>
                    <Form.Item
                      label={t(`fields.room_overview.${field}`)}
                      htmlFor={`add-room-${field}`}
                      {...item(`room_overview.${field}`)}
                    >
                      <Input
                        id={`add-room-${field}`}
                        value={draft.room_overview[field] ?? ''}
                        onChange={(e) => setIn('room_overview', field, e.target.value)}
                      />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24}>
                  <Form.Item
                    label={t('fields.room_overview.description')}
                    htmlFor="add-room-description"
                    {...item('room_overview.description')}
                  >
                    <Input.TextArea
                      id="add-room-description"
                      rows={3}
                      value={draft.room_overview.description}
                      onChange={(e) => setIn('room_overview', 'description', e.target.value)}
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Section>

            <Section title={t('sections.special_benefits')}>
              <Form.Item {...item('special_benefits')} className="!mb-0">
                <BenefitChips
                  id="add-room-benefits"
                  value={draft.special_benefits}
                  onChange={(list) => set('special_benefits', list)}
                />
              </Form.Item>
            </Section>

            {TEMPLATE_SECTIONS.map((section) => (
              <Section key={section} title={t(`sections.${section}`)}>
                <TemplateFields
                  section={section}
                  idPrefix="add-room"
                  value={draft[section] as Record<string, unknown>}
                  errors={errors}
                  onChange={(field, value) => setIn(section, field, value)}
                />
              </Section>
            ))}

            <Section title={t('sections.priceAndStatus')}>
              <Row gutter={16}>
                <Col xs={24} sm={12} lg={8}>
                  <Form.Item label={t('fields.status')} htmlFor="add-room-status" {...item('status')}>
                    <Select<RoomStatus>
                      id="add-room-status"
                      data-testid="add-room-status"
                      value={draft.status}
                      onChange={(status) => set('status', status)}
                      options={ADD_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12} lg={8}>
                  <Form.Item label={t('fields.price')} htmlFor="add-room-price" {...item('price')}>
                    <InputNumber
                      id="add-room-price"
                      prefix="৳"
                      min={0}
                      style={{ width: '100%' }}
                      value={draft.price}
                      onChange={(price) => set('price', price ?? undefined)}
                    />
                  </Form.Item>
                </Col>
              </Row>
            </Section>

            <Section title={t('sections.images')}>
              <ImagePicker
                existing={[]}
                pending={pending}
                onAdd={(files) => setPending((p) => [...p, ...files])}
                onRemovePending={(index) => setPending((p) => p.filter((_, i) => i !== index))}
                max={MAX_ROOM_IMAGES}
                onLimit={() => message.warning(t('messages.maxImages'))}
                hint={t('images.hint')}
                label={t('images.add')}
                testId="add-room-images"
                disabled={busy}
              />
            </Section>
          </>
        )}

        <div className="flex justify-end gap-2">
          <Button onClick={() => navigate('/admin/room-management')} disabled={busy}>
            {t('add.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!draft}>
            {t('add.submit')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}
