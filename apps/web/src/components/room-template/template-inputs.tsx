import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addBenefit, splitList, validationKey } from './template-rules';
import { TEMPLATE_FIELDS, type TemplateSection } from './room-template';

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const asList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** A hook for forms that show the spec's validation messages, translated when we know them. */
export function useValidationText() {
  const { t } = useTranslation('rooms');
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = validationKey(message);
    return key ? t(key) : message;
  };
}

/**
 * A list typed as comma-separated text (phone features, channels). The text is kept as typed,
 * so a trailing comma or space is not eaten; the list goes out on every change.
 */
export function CommaListInput({
  id,
  value,
  onChange,
  placeholder,
  invalid,
  lang,
}: {
  id?: string;
  value: unknown;
  onChange: (list: string[]) => void;
  placeholder?: string;
  invalid?: boolean;
  /** The language typed in, when it is not the page's (the Bengali texts of a category). */
  lang?: string;
}) {
  const list = asList(value);
  const [text, setText] = useState(() => list.join(', '));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    // Changed from outside (a category was chosen): show it, unless it is what was just typed.
    setSeen(value);
    if (!sameList(splitList(text), list)) setText(list.join(', '));
  }
  return (
    <Input
      id={id}
      lang={lang}
      value={text}
      placeholder={placeholder}
      status={invalid ? 'error' : undefined}
      onChange={(e) => {
        setText(e.target.value);
        onChange(splitList(e.target.value));
      }}
    />
  );
}

/** Special benefits as chips: add (only if new and not empty), remove. */
export function BenefitChips({
  id,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  value: unknown;
  onChange: (list: string[]) => void;
  placeholder?: string;
}) {
  const { t } = useTranslation('rooms');
  const list = asList(value);
  const [text, setText] = useState('');
  const add = () => {
    const next = addBenefit(list, text);
    if (next !== list) onChange([...next]);
    setText('');
  };
  return (
    <div className="space-y-2">
      {list.length > 0 && (
        <div className="flex flex-wrap gap-2" data-testid={id ? `${id}-chips` : undefined}>
          {list.map((benefit) => (
            <Tag key={benefit} color="geekblue" className="!m-0 !inline-flex items-center gap-1 !py-0.5">
              {benefit}
              <button
                type="button"
                className="ml-1 cursor-pointer text-xs opacity-70 hover:opacity-100"
                aria-label={t('benefits.remove', { benefit })}
                onClick={() => onChange(list.filter((b) => b !== benefit))}
              >
                <CloseOutlined />
              </button>
            </Tag>
          ))}
        </div>
      )}
      <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
        <Input
          id={id}
          value={text}
          placeholder={placeholder ?? t('benefits.placeholder')}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={(e) => {
            e.preventDefault();
            add();
          }}
        />
        <Button icon={<PlusOutlined />} onClick={add} disabled={!text.trim()}>
          {t('benefits.add')}
        </Button>
      </Space.Compact>
    </div>
  );
}

/**
 * The fields of one room-template section (beds, features, …), from TEMPLATE_FIELDS: texts and
 * numbers in a grid, then the yes/no switches. Used by the add-room and category forms.
 */
export function TemplateFields({
  section,
  value,
  onChange,
  errors = {},
  only,
  idPrefix,
  required = [],
}: {
  section: TemplateSection;
  value: Record<string, unknown>;
  onChange: (field: string, value: unknown) => void;
  /** Messages by path, e.g. `beds_and_bedding.beds`. */
  errors?: Record<string, string>;
  /** Fields marked required (names within the section). */
  required?: readonly string[];
  /** A subset of the section's fields, in this order. */
  only?: readonly string[];
  idPrefix: string;
}) {
  const { t } = useTranslation('rooms');
  const validationText = useValidationText();
  const all = TEMPLATE_FIELDS[section];
  const fields = only ? only.map((name) => all.find((f) => f.name === name)!).filter(Boolean) : all;
  const inputs = fields.filter((f) => f.kind !== 'switch');
  const toggles = fields.filter((f) => f.kind === 'switch');
  const label = (name: string) => t(`fields.${section}.${name}`);
  const idOf = (name: string) => `${idPrefix}-${section}-${name}`;

  return (
    <>
      {inputs.length > 0 && (
        <Row gutter={16}>
          {inputs.map((field) => {
            const error = errors[`${section}.${field.name}`];
            const id = idOf(field.name);
            const current = value[field.name];
            return (
              <Col key={field.name} xs={24} sm={12} lg={field.kind === 'list' ? 12 : 8}>
                <Form.Item
                  label={label(field.name)}
                  htmlFor={id}
                  required={required.includes(field.name)}
                  validateStatus={error ? 'error' : undefined}
                  help={validationText(error)}
                  extra={field.kind === 'list' ? t('listHint') : undefined}
                >
                  {field.kind === 'number' ? (
                    <InputNumber
                      id={id}
                      min={0}
                      style={{ width: '100%' }}
                      value={typeof current === 'number' || typeof current === 'string' ? current : null}
                      onChange={(v) => onChange(field.name, v ?? undefined)}
                    />
                  ) : field.kind === 'list' ? (
                    <CommaListInput id={id} value={current} invalid={!!error} onChange={(v) => onChange(field.name, v)} />
                  ) : field.kind === 'textarea' ? (
                    <Input.TextArea id={id} rows={3} value={String(current ?? '')} onChange={(e) => onChange(field.name, e.target.value)} />
                  ) : (
                    <Input id={id} value={String(current ?? '')} onChange={(e) => onChange(field.name, e.target.value)} />
                  )}
                </Form.Item>
              </Col>
            );
          })}
        </Row>
      )}
      {toggles.length > 0 && <Toggles section={section} fields={toggles.map((f) => f.name)} value={value} onChange={onChange} />}
    </>
  );
}

/** Yes/no switches, each with its label (clicking the label flips the switch). */
function Toggles({
  section,
  fields,
  value,
  onChange,
}: {
  section: TemplateSection;
  fields: readonly string[];
  value: Record<string, unknown>;
  onChange: (field: string, value: boolean) => void;
}) {
  const { t } = useTranslation('rooms');
  return (
    <div className="mt-1 mb-4 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {fields.map((name) => (
        <label key={name} className="inline-flex cursor-pointer items-center gap-2">
          <Switch size="small" checked={value[name] === true} onChange={(checked) => onChange(name, checked)} />
          <span>{t(`fields.${section}.${name}`)}</span>
        </label>
      ))}
    </div>
  );
}
