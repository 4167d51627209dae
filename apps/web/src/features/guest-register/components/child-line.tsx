import { Form, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { missingOf, type CardDraft } from '../card-model';
import { CardField, TextInput } from './card-fields';

interface Props {
  draft: CardDraft;
  number: number;
  checkIn: string;
  errors: Partial<Record<string, string>>;
  onChange: (change: Partial<CardDraft>) => void;
}

/** A child of the room: listed by name and age (the directive asks no card of a child). */
export function ChildLine({ draft, number, checkIn, errors, onChange }: Props) {
  const { t } = useTranslation('guest-register');
  const id = (field: string) => `${draft.key}-${field}`;
  const complete = missingOf(draft, { document: false, portrait: false }, checkIn).length === 0;
  const headingId = `${draft.key}-title`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4" data-testid="child-line" data-complete={complete}>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="m-0 text-base font-semibold text-slate-900">
          {t('child.title', { n: number })}
        </h3>
        <Tag color={complete ? 'green' : 'gold'} className={`!m-0 ${complete ? '!text-green-800' : '!text-amber-900'}`} data-testid="card-status">
          {complete ? t('card.complete') : t('card.incomplete')}
        </Tag>
      </div>
      <Form layout="vertical" component={false}>
        <div className="grid gap-x-4 sm:grid-cols-[1fr_8rem]">
          <CardField id={id('fullName')} label={t('fields.fullName')} error={errors.fullName}>
            <TextInput id={id('fullName')} value={draft.fullName} onChange={(fullName) => onChange({ fullName })} invalid={Boolean(errors.fullName)} maxLength={100} autoComplete="off" />
          </CardField>
          <CardField id={id('age')} label={t('fields.age')} error={errors.age}>
            <TextInput
              id={id('age')}
              type="number"
              inputMode="numeric"
              min="0"
              max="17"
              value={draft.age}
              onChange={(age) => onChange({ age: age.replace(/[^\d]/g, '').slice(0, 2) })}
              invalid={Boolean(errors.age)}
            />
          </CardField>
        </div>
      </Form>
    </section>
  );
}
