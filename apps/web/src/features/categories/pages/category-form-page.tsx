import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { CATEGORY_ROOM_LIST_LIMIT, normalizeRoomNumbers } from '@residency/shared/room-rules';
import { Alert, App, Button, Card, Col, Form, Input, InputNumber, Row, Spin, Switch, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatNumber, formatTaka } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage, uploadImage } from '../../../lib/upload';
import { useSession } from '../../../lib/use-session';
import { useGetRoomsQuery } from '../../../lib/rooms-api';
import { ImagePicker } from '../../../components/room-template/image-picker';
import { BenefitChips, CommaListInput, TemplateFields, useValidationText } from '../../../components/room-template/template-inputs';
import { TEMPLATE_SECTIONS } from '../../../components/room-template/room-template';
import {
  BENGALI_TEXTS,
  categoryDraft,
  englishOf,
  priceChanged,
  ROOM_SYNC_REQUIRED,
  roomNumbersText,
  roomSyncProblems,
  roomsToRemove,
  upsertRequest,
  type BengaliDraft,
  type CategoryDraft,
} from '../category-form';
import { presyncKey, syncToasts } from '../sync-toasts';
import { roomNumberText } from '../../../lib/category-texts';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { useGetCategoryQuery, useSaveCategoryMutation } from '../api';

const SYNC_TOAST = 'category-sync';

interface Initial {
  draft: CategoryDraft;
  roomNumbers: string;
  /** The numbers of the category's rooms as loaded (none for a new category). */
  rooms: string[];
}

function Section({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card type="inner" size="small" title={title} extra={extra} className="!mb-4">
      {children}
    </Card>
  );
}

/**
 * Admin › Add Category and Edit Category (spec section 2). The route parameter is the
 * URL-encoded category name; React Router hands it over decoded.
 */
export default function CategoryFormPage() {
  const { name } = useParams();
  // A fresh form when going from one category (or from a new one) to another.
  return <CategoryFormLoader key={name ?? ''} name={name} />;
}

function CategoryFormLoader({ name }: { name: string | undefined }) {
  const { t } = useTranslation('categories');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const editing = name !== undefined;
  const category = useGetCategoryQuery(name ?? '', { skip: !editing, refetchOnMountOrArgChange: true });
  const rooms = useGetRoomsQuery(
    { categories: name, limit: CATEGORY_ROOM_LIST_LIMIT },
    { skip: !editing, refetchOnMountOrArgChange: true },
  );
  const [initial, setInitial] = useState<Initial | null>(() =>
    editing ? null : { draft: categoryDraft(), roomNumbers: '', rooms: [] },
  );
  if (!initial && !category.isFetching && !rooms.isFetching && category.data && rooms.data) {
    // Taken once: a later refetch must not wipe what is being typed.
    setInitial({
      draft: categoryDraft(category.data.data),
      roomNumbers: roomNumbersText(rooms.data.data),
      rooms: rooms.data.data.map((room) => room.room_overview.room_number),
    });
  }

  if (category.isError || rooms.isError) {
    return (
      <Card>
        <Alert type="error" showIcon title={errorText(category.error ?? rooms.error, t('messages.loadFailed'))} />
        <Button className="!mt-4" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/categories')}>
          {t('form.back')}
        </Button>
      </Card>
    );
  }
  return (
    <CategoryForm
      key={initial ? 'ready' : 'loading'}
      name={name}
      initial={initial ?? { draft: categoryDraft(), roomNumbers: '', rooms: [] }}
      loading={!initial}
    />
  );
}

function CategoryForm({ name, initial, loading }: { name: string | undefined; initial: Initial; loading: boolean }) {
  const { t, i18n } = useTranslation(['categories', 'rooms']);
  const errorText = useErrorText();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { token } = useSession();
  const validationText = useValidationText();
  const [saveCategory] = useSaveCategoryMutation();
  const editing = name !== undefined;
  const [draft, setDraft] = useState<CategoryDraft>(initial.draft);
  const [roomNumbers, setRoomNumbers] = useState(initial.roomNumbers);
  const [removeMissing, setRemoveMissing] = useState(false);
  const [pending, setPending] = useState<File[]>([]);
  const [saving, setSaving] = useState(false);
  /**
   * The category as the server has it: the offer price its rooms were last given and its rooms'
   * numbers. Kept up to date when a save stays on the form (some rooms could not be made).
   */
  const [stored, setStored] = useState({ draft: initial.draft, rooms: initial.rooms });
  /** Set by the first Save: from then on the fields room sync needs show what they lack. */
  const [tried, setTried] = useState(false);
  const problems = tried ? roomSyncProblems(draft) : null;
  const fieldError = (path: string) => {
    const error = problems?.fields[path];
    return error ? { validateStatus: 'error' as const, help: validationText(error) } : {};
  };
  const preview = normalizeRoomNumbers(roomNumbers);
  const canSave = draft.name.trim() !== '' && !loading && !saving;

  const set = <K extends keyof CategoryDraft>(key: K, value: CategoryDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setIn = (section: string, field: string, value: unknown) =>
    setDraft((d) => ({ ...d, [section]: { ...(d[section as keyof CategoryDraft] as Record<string, unknown>), [field]: value } }));
  const setBn = <K extends keyof BengaliDraft>(key: K, value: BengaliDraft[K]) =>
    setDraft((d) => ({ ...d, bn: { ...d.bn, [key]: value } }));
  const back = () => navigate('/admin/categories');
  const lng = i18n.resolvedLanguage ?? 'en';

  /**
   * Asks whether the new offer price goes to the category's rooms too (issue 19, section 3):
   * true to apply it, false to keep the rooms' own prices, null when the admin closes the question
   * (nothing is saved then).
   */
  const askApplyPrice = (price: number, rooms: readonly string[]) =>
    new Promise<boolean | null>((resolve) => {
      const dialog = modal.confirm({
        title: t('applyPrice.title'),
        content: t('applyPrice.text', {
          price: formatTaka(price, lng),
          count: rooms.length,
          n: formatNumber(rooms.length, lng),
          rooms: rooms.map((n) => roomNumberText(n, lng)).join(', '),
        }),
        okText: t('applyPrice.apply'),
        cancelText: t('applyPrice.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(null),
        // Three buttons: room for them on one line on a desktop (the default 416 px put Apply
        // alone on a second line), and an even gap when they wrap on a phone.
        width: 480,
        footer: (_, { OkBtn, CancelBtn }) => (
          <div className="flex flex-wrap justify-end gap-2 [&>.ant-btn]:!ms-0">
            <CancelBtn />
            <Button
              onClick={() => {
                resolve(false);
                dialog.destroy();
              }}
            >
              {t('applyPrice.keep')}
            </Button>
            <OkBtn />
          </div>
        ),
      });
    });

  /** Asks before the destructive switch deletes rooms, naming them; true to go on. */
  const confirmRemoval = (rooms: readonly string[]) =>
    new Promise<boolean>((resolve) => {
      modal.confirm({
        title: t('confirmRemoveRooms.title', { count: rooms.length, n: formatNumber(rooms.length, lng) }),
        content: t('confirmRemoveRooms.text', { count: rooms.length, rooms: rooms.map((n) => roomNumberText(n, lng)).join(', ') }),
        okText: t('confirmRemoveRooms.ok', { count: rooms.length }),
        okButtonProps: { danger: true },
        cancelText: t('confirmRemoveRooms.cancel'),
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

  const save = async () => {
    if (!canSave) return;
    // The fields room sync needs, before anything is sent (spec section 5's messages).
    setTried(true);
    const missing = roomSyncProblems(draft);
    if (missing) {
      const key = presyncKey(missing.first);
      message.error(key ? t(key) : (validationText(missing.first) ?? missing.first), 5);
      return;
    }
    if (removeMissing) {
      const doomed = roomsToRemove(stored.rooms, roomNumbers);
      if (doomed.length > 0 && !(await confirmRemoval(doomed))) return;
    }
    let applyPriceToRooms = false;
    if (stored.rooms.length > 0 && priceChanged(stored.draft, draft)) {
      const answer = await askApplyPrice(Number(draft.offerPrice), stored.rooms);
      if (answer === null) return;
      applyPriceToRooms = answer;
    }
    setSaving(true);
    try {
      let uploaded: string[] = [];
      try {
        uploaded = (await Promise.all(pending.map((file) => uploadImage(file, { purpose: 'content', token })))).map((i) => i.url);
      } catch (error) {
        message.error(uploadFailureMessage(error, t('messages.uploadFailed')), 4);
        return;
      }
      const body = upsertRequest(draft, { images: [...draft.images, ...uploaded], roomNumbers, removeMissing, applyPriceToRooms });
      if (body.roomNumbers !== undefined) {
        message.open({ key: SYNC_TOAST, type: 'loading', content: t('messages.syncing'), duration: 0 });
      }
      const result = await saveCategory(body).unwrap();
      syncToasts(result.data.sync, (key, values) => t(key, { ...values }), { lng, message: (m) => validationText(m) ?? m }).forEach((toast, index) =>
        message.open({
          // The first one takes the place of 'Syncing rooms…'.
          key: index === 0 ? SYNC_TOAST : undefined,
          type: toast.type,
          content: toast.content,
          duration: toast.type === 'success' ? 3 : 5,
        }),
      );
      const sync = result.data.sync;
      if (sync && (sync.preSyncError || sync.invalid.length > 0 || sync.failed.length > 0)) {
        // Some typed rooms were not made: the form stays, with the typed numbers, so nothing
        // typed is lost and the admin can fix what the toasts name and save again.
        setStored((s) => ({
          draft: { ...draft },
          rooms: [...s.rooms.filter((n) => !sync.deleted.includes(n)), ...sync.created],
        }));
        setRemoveMissing(false);
        return;
      }
      navigate('/admin/categories');
    } catch (error) {
      message.open({ key: SYNC_TOAST, type: 'error', content: errorText(error, t('messages.saveFailed')), duration: 4 });
    } finally {
      setSaving(false);
    }
  };

  const buttons = (
    <div className="flex flex-wrap gap-2">
      <Button onClick={back} disabled={saving}>
        {t('form.cancel')}
      </Button>
      <Button type="primary" icon={<SaveOutlined />} htmlType="submit" loading={saving} disabled={!canSave}>
        {t('form.save')}
      </Button>
    </div>
  );

  return (
    <Card classNames={{ body: '!p-3 sm:!p-6' }}>
      <Form layout="vertical" onFinish={() => void save()} data-testid="category-form">
        <div className="mb-5 flex flex-col gap-3 md:flex-row md:items-start md:justify-between">
          <div className="flex items-start gap-3">
            <Button icon={<ArrowLeftOutlined />} onClick={back} aria-label={t('form.back')}>
              <span className="hidden sm:inline">{t('form.back')}</span>
            </Button>
            <ScreenHeading title={editing ? t('form.editTitle', { name }) : t('form.addTitle')} subtitle={t('form.subtitle')} />
          </div>
          {buttons}
        </div>

        <Spin spinning={loading}>
          <Section title={t('sections.category')}>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  label={t('form.name')}
                  htmlFor="category-name"
                  required
                  extra={editing ? t('form.nameFixed') : undefined}
                >
                  <Input
                    id="category-name"
                    value={draft.name}
                    readOnly={editing}
                    variant={editing ? 'filled' : undefined}
                    onChange={(e) => set('name', e.target.value)}
                    maxLength={120}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item label={t('form.rackRate')} htmlFor="category-rack-rate">
                  <InputNumber
                    id="category-rack-rate"
                    prefix="৳"
                    min={0}
                    style={{ width: '100%' }}
                    value={draft.rackRate}
                    onChange={(v) => set('rackRate', v ?? undefined)}
                  />
                </Form.Item>
              </Col>
              <Col xs={12} md={6}>
                <Form.Item label={t('form.offerPrice')} htmlFor="category-offer-price" extra={t('form.offerPriceHelp')}>
                  <InputNumber
                    id="category-offer-price"
                    prefix="৳"
                    min={0}
                    style={{ width: '100%' }}
                    value={draft.offerPrice}
                    onChange={(v) => set('offerPrice', v ?? undefined)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item label={t('form.roomNumbers')} htmlFor="category-room-numbers" extra={t('form.roomNumbersHelp')}>
                  <Input
                    id="category-room-numbers"
                    value={roomNumbers}
                    placeholder={t('form.roomNumbersPlaceholder')}
                    onChange={(e) => setRoomNumbers(e.target.value)}
                  />
                </Form.Item>
                {preview.length > 0 && (
                  <div className="-mt-2 mb-4 flex flex-wrap items-center gap-1.5" data-testid="room-numbers-preview">
                    <Typography.Text type="secondary" className="mr-1">
                      {t('form.preview', { count: preview.length })}
                    </Typography.Text>
                    {preview.map((n) => (
                      <Tag key={n} className="!m-0">
                        {n}
                      </Tag>
                    ))}
                  </div>
                )}
                <label className="inline-flex cursor-pointer items-center gap-2">
                  <Switch checked={removeMissing} onChange={setRemoveMissing} data-testid="remove-missing" />
                  <span className={removeMissing ? 'text-red-700' : undefined}>{t('form.removeMissing')}</span>
                </label>
              </Col>
            </Row>
          </Section>

          <Section title={t('sections.overview')}>
            <Row gutter={16}>
              {(['size', 'wireless_internet'] as const).map((field) => (
                <Col key={field} xs={24} sm={12}>
                  <Form.Item
                    label={t(`rooms:fields.room_overview.${field}`)}
                    htmlFor={`category-overview-${field}`}
                    required={ROOM_SYNC_REQUIRED.room_overview?.includes(field)}
                    {...fieldError(`room_overview.${field}`)}
                  >
                    <Input
                      id={`category-overview-${field}`}
                      value={draft.room_overview[field]}
                      onChange={(e) => setIn('room_overview', field, e.target.value)}
                    />
                  </Form.Item>
                </Col>
              ))}
              <Col xs={24}>
                <Form.Item
                  label={t('rooms:fields.room_overview.description')}
                  htmlFor="category-description"
                  required
                  {...fieldError('description')}
                >
                  <Input.TextArea
                    id="category-description"
                    rows={3}
                    value={draft.description}
                    onChange={(e) => set('description', e.target.value)}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Section>

          <Section title={t('sections.special_benefits')}>
            <BenefitChips id="category-benefits" value={draft.special_benefits} onChange={(list) => set('special_benefits', list)} />
          </Section>

          {TEMPLATE_SECTIONS.map((section) => (
            <Section key={section} title={t(`sections.${section}`)}>
              <TemplateFields
                section={section}
                idPrefix="category"
                value={draft[section] as Record<string, unknown>}
                onChange={(field, value) => setIn(section, field, value)}
                required={ROOM_SYNC_REQUIRED[section]}
                errors={problems?.fields}
              />
            </Section>
          ))}

          <Section title={t('sections.images')}>
            <ImagePicker
              existing={draft.images}
              onRemoveExisting={(url) => set('images', draft.images.filter((u) => u !== url))}
              pending={pending}
              onAdd={(files) => setPending((p) => [...p, ...files])}
              onRemovePending={(index) => setPending((p) => p.filter((_, i) => i !== index))}
              label={t('form.addImages')}
              testId="category-images"
              disabled={saving}
            />
          </Section>

          <Section title={t('sections.bengali')}>
            <Typography.Paragraph type="secondary">{t('form.bengaliHint')}</Typography.Paragraph>
            <Row gutter={16}>
              {BENGALI_TEXTS.map((field) => (
                <Col key={field} xs={24} md={12} xl={8}>
                  <Form.Item label={t(`form.bn.${field}`)} htmlFor={`category-bn-${field}`}>
                    <Input
                      id={`category-bn-${field}`}
                      lang="bn"
                      value={draft.bn[field]}
                      placeholder={englishOf(draft, field)}
                      onChange={(e) => setBn(field, e.target.value)}
                    />
                  </Form.Item>
                </Col>
              ))}
              <Col xs={24}>
                <Form.Item label={t('form.bn.description')} htmlFor="category-bn-description">
                  <Input.TextArea
                    id="category-bn-description"
                    lang="bn"
                    rows={3}
                    value={draft.bn.description}
                    placeholder={englishOf(draft, 'description')}
                    onChange={(e) => setBn('description', e.target.value)}
                  />
                </Form.Item>
              </Col>
              {(['phone_features', 'international_channels'] as const).map((field) => (
                <Col key={field} xs={24} md={12}>
                  <Form.Item label={t(`form.bn.${field}`)} htmlFor={`category-bn-${field}`} extra={t('form.bn.commaHelp')}>
                    <CommaListInput
                      id={`category-bn-${field}`}
                      lang="bn"
                      value={draft.bn[field]}
                      placeholder={englishOf(draft, field)}
                      onChange={(list) => setBn(field, list)}
                    />
                  </Form.Item>
                </Col>
              ))}
              <Col xs={24}>
                <Form.Item label={t('form.bn.special_benefits')} htmlFor="category-bn-benefits" className="!mb-0">
                  <BenefitChips
                    id="category-bn-benefits"
                    value={draft.bn.special_benefits}
                    onChange={(list) => setBn('special_benefits', list)}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Section>
        </Spin>

        <div className="flex justify-end">{buttons}</div>
      </Form>
    </Card>
  );
}
