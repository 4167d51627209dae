import type { TAuditRecord } from '@residency/shared';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { recordHref, shortId } from '../audit-values';

/*
 * The pieces of a trail record the screen's table, its phone cards and the history panel share:
 * who did it, what they did, and to which record.
 */

const ACTION_COLORS: Record<string, string> = {
  create: 'green',
  update: 'blue',
  delete: 'red',
  'sign-in': 'cyan',
  'sign-in-failed': 'volcano',
  'sign-out': 'default',
  'password-reset': 'gold',
  'password-changed': 'purple',
};

/** The action as a coloured tag, in the reader's words (an action the screen does not know yet: as the server names it). */
export function ActionTag({ action }: { action: string }) {
  const { t } = useTranslation('audit');
  return (
    <Tag color={ACTION_COLORS[action] ?? 'default'} className="!m-0" data-testid="audit-action">
      {t(`actions.${action}`, { defaultValue: action })}
    </Tag>
  );
}

/**
 * A record's author in words: the account's name now, else the label kept then (an e-mail, a
 * job's name); with neither, an account since deleted, a job that gave no name (the demo data's
 * seeding), or a visitor not signed in.
 */
export function useActorName() {
  const { t } = useTranslation('audit');
  return (actor: TAuditRecord['actor']) =>
    actor.name ?? actor.label ?? (actor._id ? t('who.deleted') : actor.role === 'system' ? t('who.system') : t('who.visitor'));
}

/**
 * Who did it: their name (a button that narrows the trail to them, where `onPerson` is given),
 * the e-mail or job name the record kept when it differs, and the role they had then.
 */
export function Who({ actor, onPerson, line }: { actor: TAuditRecord['actor']; onPerson?: (id: string, name: string) => void; line?: boolean }) {
  const { t } = useTranslation('audit');
  const name = useActorName()(actor);
  const id = actor._id;
  // On a phone's card the name and role share a line across the card, the e-mail below.
  return (
    <span className={line ? 'flex min-w-0 flex-wrap items-center gap-x-2' : 'flex min-w-0 flex-col items-start'} data-testid="audit-who">
      {id && onPerson ? (
        <Button type="link" className="!h-auto !p-0 text-left !whitespace-normal" onClick={() => onPerson(id, name)} aria-label={t('filters.onlyPerson', { name })}>
          {name}
        </Button>
      ) : (
        <span className="font-medium break-words text-slate-900">{name}</span>
      )}
      <Tag className={line ? '!m-0' : '!mt-1 order-last'}>{t(`roles.${actor.role}`, { defaultValue: actor.role })}</Tag>
      {actor.label && actor.label !== name && <span className={`text-sm break-all text-slate-600 ${line ? 'basis-full' : ''}`}>{actor.label}</span>}
    </span>
  );
}

/**
 * The record: its kind, linked to the screen it opens on where the admin has one, and its id
 * (cut short; whole in the title). `onRecord` narrows the trail to this record's history.
 */
export function EntityCell({ record, onRecord }: { record: TAuditRecord; onRecord?: () => void }) {
  const { t } = useTranslation('audit');
  const kind = t(`entities.${record.entity}`, { defaultValue: record.entity });
  const href = recordHref(record);
  return (
    <span className="flex min-w-0 flex-col items-start gap-0.5" data-testid="audit-entity">
      {href ? (
        <Link to={href} className="font-medium" title={t('openRecord', { entity: kind })} data-testid="audit-entity-link">
          {kind}
        </Link>
      ) : (
        <span className="font-medium text-slate-900">{kind}</span>
      )}
      {record.entityId &&
        (onRecord ? (
          <Button type="link" size="small" className="!h-auto !p-0 font-mono !text-xs" title={`${t('filters.onlyRecord')} (${record.entityId})`} onClick={onRecord}>
            {shortId(record.entityId)}
          </Button>
        ) : (
          <span className="font-mono text-xs text-slate-600" title={record.entityId}>
            {shortId(record.entityId)}
          </span>
        ))}
    </span>
  );
}
