import {
  EMAIL_TEMPLATE_TYPES,
  supportedVariables,
  TEMPLATE_SAMPLE_VALUES,
  unknownVariables,
  unknownVariablesMessage,
  usedVariables,
  type EmailTemplateType,
  type TEmailTemplate,
  type TEmailTemplateDetail,
  type TEmailTemplateState,
  type TEmailTemplateSummary,
  type TEmailTemplateTestResult,
  type TLanguage,
} from '@residency/shared';
import type { Config } from '../../config.ts';
import type { Database, Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Mailer, RenderedStored, StoredTemplate } from '../../plugins/mailer.ts';
import { defaultTemplate } from './email-templates.defaults.ts';
import { prepareDesignHtml, UnreadableDesignError } from './email-templates.html.ts';
import {
  MissingVariablesError,
  renderTemplate,
  type RenderedMail,
  type TemplateSource,
  type TemplateValues,
} from './email-templates.render.ts';
import {
  deleteTemplates,
  findActiveSources,
  findTemplatesOfType,
  listTemplateStates,
  upsertTemplate,
  type EmailTemplateRow,
} from './email-templates.repository.ts';

// The plain-text twin of a mail is made here for every mail of the hotel (events use it too).
export { htmlToText } from './email-templates.render.ts';
export type {  TemplateValues } from './email-templates.render.ts';
// SMS (issue 34) fill their texts with the same values, written the same way.
export { formatValue, MissingVariablesError } from './email-templates.render.ts';

export interface TemplateDeps {
  db: Database;
  mailer: Mailer;
  config: Config;
}

const isTemplateType = (value: string): value is EmailTemplateType => (EMAIL_TEMPLATE_TYPES as readonly string[]).includes(value);

/** The `:type` of a path as one of the four types, or the 404 of a template that cannot exist. */
function typeOf(value: string): EmailTemplateType {
  if (!isTemplateType(value)) throw AppError.notFound('Template not found', 'TEMPLATE_NOT_FOUND');
  return value;
}

function present(row: EmailTemplateRow): TEmailTemplate {
  return {
    type: row.type,
    language: row.language,
    subject: row.subject,
    design: row.design,
    html: row.html,
    isActive: row.isActive,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `GET /api/email-templates`: the four types in the spec's order, each with both languages. */
export async function listTemplates(deps: TemplateDeps): Promise<TEmailTemplateSummary[]> {
  const saved = await listTemplateStates(deps.db);
  return EMAIL_TEMPLATE_TYPES.map((type) => {
    const state = (language: TLanguage): TEmailTemplateState => {
      const row = saved.find((r) => r.type === type && r.language === language);
      return row
        ? { saved: true, subject: row.subject, isActive: row.isActive, updatedAt: row.updatedAt.toISOString() }
        : { saved: false, subject: defaultTemplate(deps.config, type, language).subject, isActive: false, updatedAt: null };
    };
    return { type, languages: { en: state('en'), bn: state('bn') } };
  });
}

/** `GET /api/email-templates/:type`: both languages' saved designs and built-in defaults. */
export async function getTemplates(deps: TemplateDeps, typeParam: string): Promise<TEmailTemplateDetail> {
  const type = typeOf(typeParam);
  const rows = await findTemplatesOfType(deps.db, type);
  const saved = (language: TLanguage) => {
    const row = rows.find((r) => r.language === language);
    return row ? present(row) : null;
  };
  return {
    type,
    templates: { en: saved('en'), bn: saved('bn') },
    defaults: { en: defaultTemplate(deps.config, type, 'en'), bn: defaultTemplate(deps.config, type, 'bn') },
  };
}

/**
 * The spec's refusal (section 5) of variables the type does not support, with the field each
 * was found in: the subject, the HTML, or both.
 */
function refuseUnknownVariables(type: EmailTemplateType, fields: Record<string, string>): void {
  const unknown = unknownVariables(type, ...Object.values(fields));
  if (unknown.length === 0) return;
  const allowed = new Set(supportedVariables(type));
  const errors = Object.entries(fields).flatMap(([path, text]) => {
    const here = usedVariables(text).filter((name) => !allowed.has(name));
    return here.length > 0 ? [{ path, message: unknownVariablesMessage(here) }] : [];
  });
  throw new AppError('UNKNOWN_VARIABLES', unknownVariablesMessage(unknown), 400, errors);
}

/**
 * `POST /api/email-templates`: stores the design of a type and language, replacing the one
 * before. The variables are checked again here (the designer checks them first); the HTML is
 * cleaned and its CSS inlined for mail programs; the design JSON is stored untouched, so the
 * editor reloads it exactly as it was.
 */
export async function saveTemplate(
  deps: TemplateDeps,
  input: { type: EmailTemplateType; language: TLanguage; subject: string; design: Record<string, unknown>; html: string; isActive: boolean },
): Promise<TEmailTemplate> {
  refuseUnknownVariables(input.type, { subject: input.subject, html: input.html });
  let html: string;
  try {
    html = prepareDesignHtml(input.html);
  } catch (error) {
    if (!(error instanceof UnreadableDesignError)) throw error;
    throw new AppError('UNREADABLE_DESIGN', 'The design could not be read: its styles are not valid CSS.', 400, [
      { path: 'html', message: 'The design could not be read: its styles are not valid CSS.' },
    ]);
  }
  if (html.trim() === '') throw new AppError('VALIDATION_ERROR', 'The design is empty.', 400, [{ path: 'html', message: 'The design is empty.' }]);
  const row = await upsertTemplate(deps.db, { ...input, subject: input.subject.replace(/[\r\n]+/g, ' '), html });
  return present(row);
}

/**
 * `DELETE /api/email-templates/:type[?language=]`: the type (in one language, or both) goes
 * back to its built-in default. 404 when there was no saved design to delete.
 */
export async function removeTemplate(deps: TemplateDeps, typeParam: string, language?: TLanguage): Promise<void> {
  const type = typeOf(typeParam);
  const deleted = await deleteTemplates(deps.db, type, language);
  if (deleted === 0) throw AppError.notFound('Template not found', 'TEMPLATE_NOT_FOUND');
}

/** What mails of these types and languages are made from: the active saved design, else the built-in default. */
async function sourcesFor(
  db: Executor,
  config: Config,
  pairs: { type: EmailTemplateType; language: TLanguage }[],
): Promise<(type: EmailTemplateType, language: TLanguage) => TemplateSource & { saved: boolean }> {
  const unique = [...new Map(pairs.map((p) => [`${p.type}:${p.language}`, p])).values()];
  const active = await findActiveSources(db, unique);
  return (type, language) => {
    const row = active.find((r) => r.type === type && r.language === language);
    return row ? { subject: row.subject, html: row.html, saved: true } : { ...defaultTemplate(config, type, language), saved: false };
  };
}

/** One booking e-mail: its type, the reader's language, the recipient and the booking's values. */
export interface TemplatedMail {
  type: EmailTemplateType;
  language: TLanguage;
  to: string;
  values: TemplateValues;
}

/**
 * Writes booking e-mails to the outbox in the caller's transaction, in one statement: each as its
 * type, language and values, which the outbox worker renders when it sends it (issue 36: after
 * the change committed, not while it holds its rows), from the active design of its type in its
 * language then (else the built-in default of that language). A mail that lacks a required
 * variable is not sent: the worker marks it failed, with the reason in its `last_error`, where the
 * retry log shows it; the change that caused it still happens.
 */
export async function enqueueTemplatedMails(deps: { mailer: Mailer }, tx: Executor, mails: TemplatedMail[]): Promise<void> {
  if (mails.length === 0) return;
  await deps.mailer.enqueue(tx, templatedMailRows(mails));
}

/** The outbox's rows of templated mails (also written by a new reservation's one call, issue 36). */
export function templatedMailRows(mails: readonly TemplatedMail[]): { kind: string; to: string; template: StoredTemplate }[] {
  return mails.map((mail) => ({ kind: mail.type, to: mail.to, template: { type: mail.type, language: mail.language, values: { ...mail.values } } }));
}

/**
 * The outbox worker's renderer of stored templates (registered by the routes): the mail from the
 * design active now, or why it cannot be sent, as the retry log shows it.
 */
export function storedMailRenderer(db: Executor, config: Config) {
  return async (templates: readonly StoredTemplate[]): Promise<RenderedStored[]> => {
    const pairs = templates.map((t) => ({ type: t.type as EmailTemplateType, language: t.language as TLanguage }));
    const sourceOf = await sourcesFor(db, config, pairs);
    return templates.map((template, i): RenderedStored => {
      const { type, language } = pairs[i]!;
      const source = sourceOf(type, language);
      try {
        return renderTemplate(source, type, language, template.values as TemplateValues, config);
      } catch (error) {
        if (!(error instanceof MissingVariablesError)) throw error;
        return {
          subject: source.subject.replace(/[\r\n]+/g, ' '),
          error: `Not sent: ${error.message} (${language} ${source.saved ? 'saved design' : 'built-in default'})`,
        };
      }
    });
  };
}

/**
 * Renders one mail of `type` in `language` from what real mails use now (the active design,
 * else the default). For previews and the bench; throws MissingVariablesError like a real send.
 */
async function renderCurrent(
  deps: { db: Executor; config: Config },
  type: EmailTemplateType,
  language: TLanguage,
  values: TemplateValues,
): Promise<RenderedMail & { saved: boolean }> {
  const source = (await sourcesFor(deps.db, deps.config, [{ type, language }]))(type, language);
  return { ...renderTemplate(source, type, language, values, deps.config), saved: source.saved };
}

/**
 * `POST /api/email-templates/test`: the mail of `type` in `language` as guests would get it
 * now (the active design, else the built-in default), filled with sample values where the admin
 * gives none, sent to `to` through the outbox like every mail.
 */
export async function sendTestMail(
  deps: TemplateDeps,
  input: { type: EmailTemplateType; to: string; language: TLanguage; variables: Record<string, string | number> },
): Promise<TEmailTemplateTestResult> {
  const allowed = new Set(supportedVariables(input.type));
  const unknown = Object.keys(input.variables).filter((name) => !allowed.has(name));
  if (unknown.length > 0) {
    throw new AppError('UNKNOWN_VARIABLES', unknownVariablesMessage(unknown), 400, [{ path: 'variables', message: unknownVariablesMessage(unknown) }]);
  }
  const values = { ...TEMPLATE_SAMPLE_VALUES, admin_email: deps.config.hotel.email, ...input.variables };
  let mail: RenderedMail & { saved: boolean };
  try {
    mail = await renderCurrent(deps, input.type, input.language, values);
  } catch (error) {
    if (!(error instanceof MissingVariablesError)) throw error;
    throw new AppError('MISSING_VARIABLES', error.message, 400, [{ path: 'variables', message: error.message }]);
  }
  await deps.mailer.enqueue(deps.db, { kind: `test-${input.type}`, to: input.to, subject: mail.subject, html: mail.html, text: mail.text });
  deps.mailer.kick();
  return { to: input.to, subject: mail.subject, source: mail.saved ? 'saved' : 'default' };
}
