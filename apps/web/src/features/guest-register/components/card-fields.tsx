import { Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';

/** One labelled control of a card, its error (server or form) under it. */
export function CardField({
  id,
  label,
  error,
  extra,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  extra?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      validateStatus={error ? 'error' : undefined}
      help={error}
      extra={extra}
      className={`!mb-3 min-w-0 ${className ?? ''}`}
    >
      {children}
    </Form.Item>
  );
}

/** A text control of a card: the value as typed, '' when empty. */
export function TextInput({
  id,
  value,
  onChange,
  invalid,
  type = 'text',
  autoComplete,
  inputMode,
  maxLength,
  min,
  max,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  type?: 'text' | 'date' | 'tel' | 'number';
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'numeric';
  maxLength?: number;
  min?: string;
  max?: string;
}) {
  return (
    <Input
      id={id}
      type={type}
      value={value}
      status={invalid ? 'error' : undefined}
      aria-invalid={invalid || undefined}
      autoComplete={autoComplete}
      inputMode={inputMode}
      maxLength={maxLength}
      min={min}
      max={max}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A searchable choice (nationality, issuing country, ID type). */
export function ChoiceInput({
  id,
  value,
  onChange,
  options,
  placeholder,
  invalid,
  search = false,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string; disabled?: boolean }[];
  placeholder?: string;
  invalid?: boolean;
  search?: boolean;
}) {
  return (
    <Select
      id={id}
      value={value || undefined}
      onChange={(v: string | undefined) => onChange(v ?? '')}
      options={options}
      placeholder={placeholder}
      status={invalid ? 'error' : undefined}
      allowClear
      showSearch={search ? { optionFilterProp: 'label' } : false}
      className="w-full"
      popupMatchSelectWidth
      virtual={options.length > 30}
    />
  );
}
