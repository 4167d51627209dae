import { EMAIL_TEMPLATE_TYPES, TEMPLATE_VARIABLES, type EmailTemplateType } from '@residency/shared/email-templates';

export { EMAIL_TEMPLATE_TYPES, type EmailTemplateType };

/** The languages a template is designed in: one design per language. */
export const TEMPLATE_LANGUAGES = ['en', 'bn'] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];

/** The four fixed types of spec section 3, in the order of the list. */
export function isTemplateType(value: string | null | undefined): value is EmailTemplateType {
  return !!value && (EMAIL_TEMPLATE_TYPES as readonly string[]).includes(value);
}

export function isTemplateLanguage(value: string | null | undefined): value is TemplateLanguage {
  return value === 'en' || value === 'bn';
}

/** A type's variables, required first, each marked (the designer's variable list). */
export function variableList(type: EmailTemplateType): { name: string; required: boolean }[] {
  const { required, optional } = TEMPLATE_VARIABLES[type];
  return [...required.map((name) => ({ name, required: true })), ...optional.map((name) => ({ name, required: false }))];
}

/** Where each screen lives (spec section 2); `language` picks the design of that language. */
export const templatePaths = {
  list: '/admin/email-templates',
  create: (type: EmailTemplateType, language: TemplateLanguage) => `/admin/email-templates/new?type=${type}&language=${language}`,
  edit: (type: EmailTemplateType, language: TemplateLanguage) => `/admin/email-templates/${type}/edit?language=${language}`,
  test: (type: EmailTemplateType, language?: TemplateLanguage) =>
    `/admin/email-templates/test?type=${type}${language ? `&language=${language}` : ''}`,
};
