import type {
  EmailTemplateType,
  TEmailTemplate,
  TEmailTemplateDetail,
  TEmailTemplateSave,
  TEmailTemplateSummary,
  TEmailTemplateTest,
  TEmailTemplateTestResult,
} from '@residency/shared/email-templates';
import { baseApi } from '../../lib/api';
import type { TemplateLanguage } from './template-types';

type One<T> = { success: true; message?: string; data: T };
type List<T> = { success: true; data: T[] };

const LIST = { type: 'EmailTemplate', id: 'LIST' } as const;

/** The booking e-mail designs (admin only): the list, one type's designs, save, reset, test sends. */
const emailTemplatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The four types, each with the state of its English and Bengali design. */
    getEmailTemplates: build.query<List<TEmailTemplateSummary>, void>({
      query: () => '/email-templates',
      providesTags: [LIST],
    }),
    /** One type: its saved design per language (or null) and the built-in default per language. */
    getEmailTemplate: build.query<One<TEmailTemplateDetail>, EmailTemplateType>({
      query: (type) => `/email-templates/${type}`,
      providesTags: (_r, _e, type) => [{ type: 'EmailTemplate', id: type }],
    }),
    /** Upsert by type and language; the server checks the variables again. */
    saveEmailTemplate: build.mutation<One<TEmailTemplate>, TEmailTemplateSave>({
      query: (body) => ({ url: '/email-templates', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [LIST, { type: 'EmailTemplate', id: body.type }],
    }),
    /** Forgets the saved design of one language: that language's mails go back to the built-in default. */
    deleteEmailTemplate: build.mutation<{ success: true; message?: string }, { type: EmailTemplateType; language: TemplateLanguage }>({
      query: ({ type, language }) => ({ url: `/email-templates/${type}`, method: 'DELETE', params: { language } }),
      invalidatesTags: (_r, _e, { type }) => [LIST, { type: 'EmailTemplate', id: type }],
    }),
    sendTestEmail: build.mutation<One<TEmailTemplateTestResult>, TEmailTemplateTest>({
      query: (body) => ({ url: '/email-templates/test', method: 'POST', body }),
    }),
  }),
});

export const {
  useGetEmailTemplatesQuery,
  useGetEmailTemplateQuery,
  useSaveEmailTemplateMutation,
  useDeleteEmailTemplateMutation,
  useSendTestEmailMutation,
} = emailTemplatesApi;
