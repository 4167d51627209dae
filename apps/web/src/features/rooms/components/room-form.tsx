import type { RoomStatus } from '@residency/shared';
import { MAX_ROOM_IMAGES, ROOM_STATUSES } from '@residency/shared/room-rules';
import { App, Card, Col, Divider, Form, Input, InputNumber, Row, Select, type ColProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ImagePicker } from '../../../components/room-template/image-picker';
import { TEMPLATE_SECTIONS, type TemplateSection } from '../../../components/room-template/room-template';
import { BenefitChips, TemplateFields, useValidationText } from '../../../components/room-template/template-inputs';
import { formatSignedTaka, formatTaka } from '../../../lib/format';
import { uploadImage } from '../../../lib/upload';
import type { RoomDraft, RoomEdit } from '../room-form-rules';

/** Sends the picked files through the upload pipeline (optimised, retried); their URLs in order. */
export async function uploadRoomImages(files: readonly File[], token: string | null | undefined): Promise<string[]> {
  const stored = await Promise.all(files.map((file) => uploadImage(file, { purpose: 'content', token })));
  return stored.map((image) => image.url);
}

/** Add Room (a page) or the Update Room modal. */
export type RoomFormKind = 'add' | 'update';
/** The room as the form holds it: a new room's whole template (Add Room), or the parts Update Room edits. */
export type RoomFormValue = RoomDraft | RoomEdit;

type OverviewField = 'room_number' | 'name' | 'size' | 'wireless_internet' | 'category';

interface Plan {
  /** Prefix of the fields' ids and the test ids (`add-room-images`, `update-room-form`, …). */
  prefix: string;
  /** The overview's fields (the description follows, full width) with their column widths. */
  overview: readonly { field: OverviewField; col: ColProps }[];
  /** The template's sections shown, each whole or `only` some fields, under its title's key. */
  sections: readonly { section: TemplateSection; only?: readonly string[]; title: string }[];
  benefits: boolean;
  statuses: readonly RoomStatus[];
  titles: { overview: string; priceAndStatus: string; images: string };
}

const QUARTER: ColProps = { xs: 24, sm: 12, xl: 6 };
const HALF: ColProps = { xs: 24, sm: 12 };
const WHOLE: ColProps = { xs: 24 };

/**
 * What each screen edits (spec section 2). Add Room: the chosen category's whole template, the
 * special benefits, a status of Available, Unavailable or Maintenance (unavailable comes only from
 * here), the price and images. The Update modal: the room number, category, name and description,
 * the beds' limits, two room features, the bathroom and furniture toggles, price and any status,
 * and the images.
 */
const PLANS: Record<RoomFormKind, Plan> = {
  add: {
    prefix: 'add-room',
    overview: [
      { field: 'room_number', col: QUARTER },
      { field: 'name', col: QUARTER },
      { field: 'size', col: QUARTER },
      { field: 'wireless_internet', col: QUARTER },
    ],
    sections: TEMPLATE_SECTIONS.map((section) => ({ section, title: `sections.${section}` })),
    benefits: true,
    statuses: ['available', 'unavailable', 'maintenance'],
    titles: { overview: 'sections.room_overview', priceAndStatus: 'sections.priceAndStatus', images: 'sections.images' },
  },
  update: {
    prefix: 'update-room',
    overview: [
      { field: 'room_number', col: HALF },
      { field: 'category', col: HALF },
      { field: 'name', col: WHOLE },
    ],
    sections: [
      { section: 'beds_and_bedding', only: ['maximum_adults', 'maximum_children', 'beds'], title: 'update.sections.beds' },
      { section: 'room_features', only: ['air_conditioned', 'non_smoking'], title: 'update.sections.features' },
      { section: 'bath_and_bathroom_features', title: 'update.sections.bathroom' },
      { section: 'furniture_and_furnishings', title: 'update.sections.furniture' },
    ],
    benefits: false,
    statuses: ROOM_STATUSES,
    titles: { overview: 'update.sections.overview', priceAndStatus: 'update.sections.priceAndStatus', images: 'update.sections.images' },
  },
};

/** A part of the form: a card on the Add Room page, a titled divider in the Update modal. */
function Section({ kind, title, children }: { kind: RoomFormKind; title: string; children: ReactNode }) {
  if (kind === 'add') {
    return (
      <Card type="inner" size="small" title={title} className="!mb-4">
        {children}
      </Card>
    );
  }
  return (
    <>
      <Divider titlePlacement="start" className="!mt-2">
        {title}
      </Divider>
      {children}
    </>
  );
}

interface Props<V extends RoomFormValue> {
  kind: RoomFormKind;
  /** The room being edited; null on Add Room until a category is chosen (only the category shows). */
  value: V | null;
  onChange: (update: (value: V) => V) => void;
  /** The categories to choose from (the room's own is always offered). */
  categories: readonly string[];
  /** Each category's offer price, by name: the form says the room's supplement over it. */
  offerPrices?: Readonly<Record<string, number>>;
  categoriesLoading?: boolean;
  /** A category was chosen: Add Room copies its template, Update Room moves the room to it. */
  onCategory: (name: string) => void;
  /** Messages by field path (`beds_and_bedding.maximum_adults`), from the contract's check or the server. */
  errors: Record<string, string>;
  /** Pictures picked and not uploaded yet: the caller uploads them once the room is valid. */
  pending: File[];
  onPending: (update: (files: File[]) => File[]) => void;
  busy: boolean;
  /** Add Room's submit (its buttons are `children`, inside the form). */
  onSubmit?: () => void;
  children?: ReactNode;
}

/**
 * The fields of a room, shared by Add Room and the Update Room modal (spec section 2), laid out
 * as the screen asks (PLANS): cards on the Add Room page, titled dividers in the modal. The
 * spec's validation messages show on the fields. Nothing is checked, uploaded or sent here: the
 * caller does that on submit.
 */
export function RoomForm<V extends RoomFormValue>({
  kind,
  value,
  onChange,
  categories,
  offerPrices,
  categoriesLoading,
  onCategory,
  errors,
  pending,
  onPending,
  busy,
  onSubmit,
  children,
}: Props<V>) {
  const { t, i18n } = useTranslation('rooms');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  // The room type's offer price: the room's price above it is its supplement, which it keeps
  // over the rate calendar's price of its type on every night (issue 21).
  const categoryName = (value as { category?: string } | null)?.category;
  const offerPrice = categoryName ? offerPrices?.[categoryName] : undefined;
  const price = (value as { price?: number | null } | null)?.price;
  const supplement = typeof price === 'number' && typeof offerPrice === 'number' ? price - offerPrice : null;
  const validationText = useValidationText();
  const plan = PLANS[kind];
  const id = (field: string) => `${plan.prefix}-${field}`;
  const item = (path: string) => ({ validateStatus: errors[path] ? ('error' as const) : undefined, help: validationText(errors[path]) });
  const set = (key: 'price' | 'status' | 'special_benefits', next: unknown) => onChange((v) => ({ ...v, [key]: next }));
  const setIn = (section: 'room_overview' | TemplateSection, field: string, next: unknown) =>
    onChange((v) => ({ ...v, [section]: { ...(v as unknown as Record<string, Record<string, unknown>>)[section], [field]: next } }));

  const categorySelect = (
    <Select
      id={id('category')}
      data-testid={id('category')}
      loading={categoriesLoading}
      placeholder={kind === 'add' ? t('add.categoryPlaceholder') : undefined}
      value={value?.category}
      onChange={(name: string) => onCategory(name)}
      showSearch
      options={[...new Set([...(value ? [value.category] : []), ...categories])].map((name) => ({ value: name, label: name }))}
      notFoundContent={kind === 'add' ? t('add.noCategories') : undefined}
    />
  );

  return (
    <Form layout="vertical" component={kind === 'update' ? 'div' : undefined} onFinish={onSubmit} data-testid={id('form')}>
      {kind === 'add' && (
        <div className="mb-4 rounded-lg border border-slate-200 bg-slate-50 px-3 pt-3 sm:px-4 sm:pt-4">
          <Form.Item
            label={t('fields.category')}
            htmlFor={id('category')}
            required
            {...item('category')}
            extra={!value ? t('add.chooseCategory') : undefined}
            style={{ maxWidth: 420 }}
          >
            {categorySelect}
          </Form.Item>
        </div>
      )}

      {value && (
        <>
          <Section kind={kind} title={t(plan.titles.overview)}>
            <Row gutter={16}>
              {plan.overview.map(({ field, col }) => (
                <Col key={field} {...col}>
                  {field === 'category' ? (
                    <Form.Item label={t('fields.category')} htmlFor={id('category')} {...item('category')}>
                      {categorySelect}
                    </Form.Item>
                  ) : (
                    <Form.Item label={t(`fields.room_overview.${field}`)} htmlFor={id(field)} {...item(`room_overview.${field}`)}>
                      <Input id={id(field)} value={value.room_overview[field] ?? ''} onChange={(e) => setIn('room_overview', field, e.target.value)} />
                    </Form.Item>
                  )}
                </Col>
              ))}
              <Col xs={24}>
                <Form.Item label={t('fields.room_overview.description')} htmlFor={id('description')} {...item('room_overview.description')}>
                  <Input.TextArea
                    id={id('description')}
                    rows={3}
                    value={value.room_overview.description}
                    onChange={(e) => setIn('room_overview', 'description', e.target.value)}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Section>

          {plan.benefits && 'special_benefits' in value && (
            <Section kind={kind} title={t('sections.special_benefits')}>
              <Form.Item {...item('special_benefits')} className="!mb-0">
                <BenefitChips id={id('benefits')} value={value.special_benefits} onChange={(list) => set('special_benefits', list)} />
              </Form.Item>
            </Section>
          )}

          {plan.sections.map(({ section, only, title }) => (
            <Section key={section} kind={kind} title={t(title)}>
              <TemplateFields
                section={section}
                idPrefix={plan.prefix}
                only={only}
                value={(value as unknown as Record<TemplateSection, Record<string, unknown>>)[section]}
                errors={errors}
                onChange={(field, next) => setIn(section, field, next)}
              />
            </Section>
          ))}

          <Section kind={kind} title={t(plan.titles.priceAndStatus)}>
            <Row gutter={16}>
              <Col xs={24} sm={12} lg={kind === 'add' ? 8 : 12}>
                <Form.Item
                  label={t('fields.price')}
                  htmlFor={id('price')}
                  {...item('price')}
                  extra={
                    supplement !== null && (
                      <span data-testid="room-supplement">
                        {t('supplement', {
                          offer: formatTaka(offerPrice!, lng),
                          supplement: formatSignedTaka(supplement, lng),
                        })}
                      </span>
                    )
                  }
                >
                  <InputNumber
                    id={id('price')}
                    prefix="৳"
                    min={0}
                    style={{ width: '100%' }}
                    value={value.price}
                    // Cleared gives null, kept as such: the check then says what the price lacks.
                    onChange={(price) => set('price', price)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={12} lg={kind === 'add' ? 8 : 12}>
                <Form.Item label={t('fields.status')} htmlFor={id('status')} {...item('status')}>
                  <Select<RoomStatus>
                    id={id('status')}
                    data-testid={id('status')}
                    value={value.status}
                    onChange={(status) => set('status', status)}
                    options={plan.statuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                  />
                </Form.Item>
              </Col>
            </Row>
          </Section>

          <Section kind={kind} title={t(plan.titles.images)}>
            <ImagePicker
              existing={value.images}
              onRemoveExisting={(url) => onChange((v) => ({ ...v, images: v.images.filter((u) => u !== url) }))}
              pending={pending}
              onAdd={(files) => onPending((p) => [...p, ...files])}
              onRemovePending={(index) => onPending((p) => p.filter((_, i) => i !== index))}
              max={MAX_ROOM_IMAGES}
              onLimit={() => message.warning(t('messages.maxImages'))}
              hint={t('images.hint')}
              label={t('images.add')}
              testId={id('images')}
              disabled={busy}
            />
            {errors.images && <div className="mt-2 text-red-600">{validationText(errors.images)}</div>}
          </Section>
        </>
      )}

      {children}
    </Form>
  );
}
