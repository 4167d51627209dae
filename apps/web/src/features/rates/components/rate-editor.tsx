import { MAX_RATE_DAYS, type TRateDay, type TRatePlan } from '@residency/shared/rates';
import { Alert, Button, Checkbox, DatePicker, Drawer, Form, Input, InputNumber, Radio, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useBulkRatesMutation } from '../api';
import { asksNothing, bulkBody, RULE_SWITCHES, type EditorFields, type NumberField, type PriceMode } from '../bulk-body';
import { WEEK } from '../calendar-dates';
import { useRatesErrorText } from '../rate-errors';
import { useRateTexts } from '../rate-texts';

/** What the editor opens with: the whole screen's range (bulk edit) or one cell's day and room type. */
export interface EditorStart {
  categories: string[];
  plan: string;
  from: string;
  to: string;
  /** One cell: its values now, shown above the form (the fields stay empty: empty leaves as is). */
  day?: TRateDay;
}

type Values = Omit<EditorFields, 'from' | 'to'> & { categories: string[]; from: Dayjs; to: Dayjs };
type Outcome = { category: string; ok: boolean; text: string; details: string[] };

const ISO = 'YYYY-MM-DD';

/**
 * What "follow again" means for the chosen plan on the chosen room types: its parent plan (every
 * one that has the plan follows another), the default (none does: the Standard plan, say), or
 * either (some do). Room types without the plan are left out: their request is refused anyway.
 */
type FollowKind = 'parent' | 'default' | 'mixed';
function followKind(byCategory: Record<string, TRatePlan[]>, categories: string[] | undefined, plan: string | undefined): FollowKind {
  const chosen = (categories ?? []).map((c) => byCategory[c]?.find((p) => p.code === plan)).filter((p): p is TRatePlan => p !== undefined);
  const withParent = chosen.filter((p) => p.parent !== null).length;
  if (withParent === 0) return 'default';
  return withParent === chosen.length ? 'parent' : 'mixed';
}

/** The field messages of a 400 answer (`errors` or `errorSources`: `[{ path, message }]`). */
function fieldMessages(error: unknown): string[] {
  const data = (error as { data?: { errors?: unknown; errorSources?: unknown } } | undefined)?.data;
  const list = Array.isArray(data?.errors) ? data.errors : Array.isArray(data?.errorSources) ? data.errorSources : [];
  return (list as { message?: unknown }[]).map((e) => e.message).filter((m): m is string => typeof m === 'string');
}

/**
 * What the server answered, one line per room type in one box (green when all changed, red when
 * none did, amber when some did), so five room types do not fill the drawer's footer.
 */
function Outcomes({ outcomes }: { outcomes: Outcome[] }) {
  const { t, categoryName } = useRateTexts();
  const failed = outcomes.filter((o) => !o.ok).length;
  const line = (o: Outcome) => (outcomes.length > 1 || !o.ok ? t('edit.outcome', { category: categoryName(o.category), text: o.text }) : o.text);
  const details = (o: Outcome) =>
    o.details.length > 0 && (
      <ul className="m-0 pl-4">
        {o.details.map((d) => (
          <li key={d}>{d}</li>
        ))}
      </ul>
    );
  return (
    <Alert
      type={failed === 0 ? 'success' : failed === outcomes.length ? 'error' : 'warning'}
      showIcon
      role={failed === 0 ? 'status' : 'alert'}
      data-testid="rate-edit-result"
      className="max-h-[40vh] overflow-y-auto"
      title={
        outcomes.length === 1 ? (
          line(outcomes[0]!)
        ) : (
          <ul className="m-0 list-none p-0">
            {outcomes.map((o) => (
              <li key={o.category} className={o.ok ? '' : 'font-semibold text-red-800'}>
                {line(o)}
                {details(o)}
              </li>
            ))}
          </ul>
        )
      }
      description={outcomes.length === 1 ? details(outcomes[0]!) || undefined : undefined}
    />
  );
}

/**
 * The rates editor (a drawer): room types, plan, dates, weekdays and what to change. Sends one
 * request per room type (the API takes one) and shows each answer: the days changed, or the
 * server's refusal with its reasons.
 */
export function RateEditor({
  start,
  categories,
  plans,
  byCategory,
  phone,
  onClose,
}: {
  start: EditorStart | null;
  categories: string[];
  /** The plans to choose from: the code, named in the screen's language. */
  plans: { value: string; label: string }[];
  /** Each room type's plans: whether the chosen plan follows a parent words "follow again". */
  byCategory: Record<string, TRatePlan[]>;
  phone: boolean;
  onClose: () => void;
}) {
  const { t, taka, n, categoryName, day: dayText, marks } = useRateTexts();
  const errorText = useRatesErrorText();
  const [form] = Form.useForm<Values>();
  const [bulk, { isLoading }] = useBulkRatesMutation();
  const [outcomes, setOutcomes] = useState<Outcome[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const priceMode = Form.useWatch('priceMode', form) as PriceMode | undefined;
  const clearMax = Form.useWatch('clearMaxStay', form) as boolean | undefined;
  const follow = Form.useWatch('follow', form) as EditorFields['follow'];
  const chosenCategories = Form.useWatch('categories', form) as string[] | undefined;
  const chosenPlan = Form.useWatch('plan', form) as string | undefined;
  const kind = useMemo(() => followKind(byCategory, chosenCategories, chosenPlan), [byCategory, chosenCategories, chosenPlan]);
  const followText = t(`edit.follow.${kind}`);

  useEffect(() => {
    if (!start) return;
    form.resetFields();
    form.setFieldsValue({ categories: start.categories, plan: start.plan, from: dayjs(start.from), to: dayjs(start.to) });
    setOutcomes([]);
    setProblem(null);
  }, [start, form]);

  const submit = async (values: Values) => {
    setOutcomes([]);
    setProblem(null);
    const fields: EditorFields = { ...values, from: values.from.format(ISO), to: values.to.format(ISO) };
    if (asksNothing(bulkBody(fields, ''))) return setProblem(t('edit.nothing'));
    const results: Outcome[] = [];
    // One room type after another: each answer is shown, a refusal for one does not stop the others.
    for (const category of values.categories) {
      try {
        const answer = await bulk(bulkBody(fields, category)).unwrap();
        results.push({ category, ok: true, text: t('edit.changed', { count: answer.data.days, n: n(answer.data.days) }), details: [] });
      } catch (err) {
        results.push({ category, ok: false, text: errorText(err, t('edit.failed')), details: fieldMessages(err) });
      }
    }
    setOutcomes(results);
  };

  const single = start?.day !== undefined;
  const tri = (name: (typeof RULE_SWITCHES)[number]) => (
    <Form.Item name={name} label={t(`edit.${name}`)} initialValue="keep">
      <Radio.Group
        optionType="button"
        size="small"
        aria-label={t(`edit.${name}`)}
        className="flex flex-wrap gap-y-1"
        options={[...(['keep', 'yes', 'no'] as const).map((v) => ({ value: v, label: t(`edit.tri.${v}`) })), { value: 'follow', label: followText }]}
      />
    </Form.Item>
  );
  /**
   * Under a number: "follow the parent plan (or the default) again", which empties and locks the
   * number. Its name ends with the field's (hidden), so a screen reader tells the four apart.
   */
  const followBox = (name: NumberField) => (
    <Form.Item name={['follow', name]} valuePropName="checked" className="!-mt-4 !mb-2">
      <Checkbox
        disabled={name === 'maxStay' && clearMax}
        onChange={(e) => {
          if (e.target.checked) form.setFieldValue(name, null);
        }}
        data-testid={`rate-edit-follow-${name}`}
      >
        {followText}
        <span className="sr-only">, {t(`log.fields.${name}`)}</span>
      </Checkbox>
    </Form.Item>
  );
  const followed = (name: NumberField) => follow?.[name] === true;

  return (
    <Drawer
      open={start !== null}
      onClose={onClose}
      title={single && start ? t('edit.titleDay', { category: categoryName(start.categories[0]!), day: dayText(start.from) }) : t('edit.title')}
      size={phone ? '100%' : 520}
      destroyOnHidden
      // The answers sit in the footer, beside Apply: the form above may be scrolled anywhere.
      footer={
        <div className="flex flex-col gap-2">
          {problem && <Alert type="warning" showIcon role="alert" title={problem} />}
          {outcomes.length > 0 && <Outcomes outcomes={outcomes} />}
          <div className="flex justify-end gap-2">
            <Button onClick={onClose} data-testid="rate-edit-close">
              {t('edit.close')}
            </Button>
            <Button type="primary" loading={isLoading} onClick={() => form.submit()} data-testid="rate-edit-save">
              {t('edit.save')}
            </Button>
          </div>
        </div>
      }
    >
      {start?.day && (
        <p className="m-0 mb-3 rounded bg-slate-50 p-2 text-sm text-slate-800" data-testid="rate-edit-now">
          {t('edit.now', {
            values: [taka(start.day.price), ...marks(start.day).map((m) => m.title), ...(start.day.own ? [] : [t('rules.inherited')])].join(', '),
          })}
        </p>
      )}
      <Form<Values> form={form} name="rate-edit" layout="vertical" requiredMark onFinish={(v) => void submit(v)} initialValues={{ weekdays: [...WEEK], priceMode: 'keep' }}>
        <Form.Item name="categories" label={t('edit.categories')} rules={[{ required: true, message: t('edit.categoriesRequired') }]}>
          <Select mode="multiple" options={categories.map((c) => ({ value: c, label: categoryName(c) }))} data-testid="rate-edit-categories" />
        </Form.Item>
        <Form.Item name="plan" label={t('edit.plan')} rules={[{ required: true, message: t('edit.planRequired') }]}>
          <Select options={plans} data-testid="rate-edit-plan" />
        </Form.Item>
        <div className="grid grid-cols-2 gap-2">
          <Form.Item name="from" label={t('edit.from')} rules={[{ required: true, message: t('edit.dateRequired') }]}>
            <DatePicker format="DD-MM-YYYY" allowClear={false} inputReadOnly className="w-full" />
          </Form.Item>
          <Form.Item
            name="to"
            label={t('edit.to')}
            dependencies={['from']}
            rules={[
              { required: true, message: t('edit.dateRequired') },
              ({ getFieldValue }) => ({
                validator: async (_: unknown, to: Dayjs | undefined) => {
                  const from = getFieldValue('from') as Dayjs | undefined;
                  if (to && from && to.isBefore(from, 'day')) throw new Error(t('edit.toBeforeFrom'));
                  // The API takes at most two years in one edit; said here before one request per room type is refused.
                  if (to && from && to.diff(from, 'day') >= MAX_RATE_DAYS) throw new Error(t('edit.tooLong', { n: n(MAX_RATE_DAYS) }));
                },
              }),
            ]}
          >
            <DatePicker format="DD-MM-YYYY" allowClear={false} inputReadOnly className="w-full" />
          </Form.Item>
        </div>
        <Form.Item
          name="weekdays"
          label={t('edit.weekdays')}
          // A validator, not `required`: antd would put aria-required on the checkboxes' plain div, which ARIA does not allow.
          rules={[
            {
              validator: async (_: unknown, days: number[] | undefined) => {
                if (!days?.length) throw new Error(t('edit.weekdaysRequired'));
              },
            },
          ]}
        >
          <Checkbox.Group options={WEEK.map((d) => ({ value: d, label: t(`weekdays.${d}`) }))} />
        </Form.Item>

        <fieldset className="m-0 mb-4 rounded border border-slate-200 p-3">
          <legend className="!mb-0 !w-auto !border-0 px-1 !text-sm font-semibold">{t('edit.price')}</legend>
          <Form.Item name="priceMode" className="!mb-2">
            <Radio.Group
              aria-label={t('edit.price')}
              options={[...(['keep', 'set', 'percent', 'amount'] as const).map((v) => ({ value: v, label: t(`edit.priceModes.${v}`) })), { value: 'follow', label: followText }]}
            />
          </Form.Item>
          {priceMode && priceMode !== 'keep' && priceMode !== 'follow' && (
            <Form.Item
              name="priceValue"
              label={t(`edit.priceValue.${priceMode}`)}
              extra={priceMode === 'set' ? undefined : t('edit.negativeLowers')}
              rules={[{ required: true, message: t('edit.priceValueRequired') }]}
              className="!mb-0"
            >
              <InputNumber className="!w-full" min={priceMode === 'set' ? 0 : priceMode === 'percent' ? -90 : -1_000_000} max={priceMode === 'percent' ? 500 : 10_000_000} />
            </Form.Item>
          )}
          {priceMode && priceMode !== 'keep' && priceMode !== 'follow' && (
            // What guests read beside these nights in "Why this price" (issue 31), in both languages.
            <div className="mt-3 grid grid-cols-1 gap-x-2 sm:grid-cols-2">
              <Form.Item name="ruleNameEn" label={t('edit.ruleNameEn')} extra={t('edit.ruleNameHelp')} className="!mb-2">
                <Input maxLength={60} placeholder={t('edit.ruleNameEnPlaceholder')} data-testid="rate-edit-rule-en" />
              </Form.Item>
              <Form.Item name="ruleNameBn" label={t('edit.ruleNameBn')} className="!mb-0">
                <Input maxLength={60} lang="bn" placeholder={t('edit.ruleNameBnPlaceholder')} data-testid="rate-edit-rule-bn" />
              </Form.Item>
            </div>
          )}
        </fieldset>

        <p className="m-0 mb-2 text-sm text-slate-600">
          {t('edit.emptyKeeps')} {t(`edit.followHint.${kind}`)}
        </p>
        {/* Each number with its "follow again" under it, in reading and tab order. */}
        <div className="grid grid-cols-2 gap-x-2">
          <div>
            <Form.Item name="extraAdult" label={t('edit.extraAdult')}>
              <InputNumber className="!w-full" min={0} max={10_000_000} disabled={followed('extraAdult')} placeholder={start?.day ? n(start.day.extraAdult) : undefined} />
            </Form.Item>
            {followBox('extraAdult')}
          </div>
          <div>
            <Form.Item name="extraChild" label={t('edit.extraChild')}>
              <InputNumber className="!w-full" min={0} max={10_000_000} disabled={followed('extraChild')} placeholder={start?.day ? n(start.day.extraChild) : undefined} />
            </Form.Item>
            {followBox('extraChild')}
          </div>
          <div>
            <Form.Item name="minStay" label={t('edit.minStay')}>
              <InputNumber className="!w-full" min={1} max={60} precision={0} disabled={followed('minStay')} placeholder={start?.day ? n(start.day.minStay) : undefined} />
            </Form.Item>
            {followBox('minStay')}
          </div>
          <div>
            <Form.Item
              name="maxStay"
              label={t('edit.maxStay')}
              dependencies={['minStay']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_: unknown, max: number | null | undefined) => {
                    const min = getFieldValue('minStay') as number | null | undefined;
                    if (typeof max === 'number' && typeof min === 'number' && max < min) throw new Error(t('edit.maxBelowMin'));
                  },
                }),
              ]}
            >
              <InputNumber
                className="!w-full"
                min={1}
                max={60}
                precision={0}
                disabled={clearMax || followed('maxStay')}
                placeholder={start?.day?.maxStay != null ? n(start.day.maxStay) : undefined}
              />
            </Form.Item>
            {followBox('maxStay')}
            <Form.Item name="clearMaxStay" valuePropName="checked" className="!mb-4">
              {/* On a plan without a parent the same as "Back to the default": one of the two at a time. */}
              <Checkbox disabled={followed('maxStay')}>{t('edit.clearMaxStay')}</Checkbox>
            </Form.Item>
          </div>
        </div>
        {RULE_SWITCHES.map((rule) => (
          <div key={rule}>{tri(rule)}</div>
        ))}
      </Form>
    </Drawer>
  );
}
