import type { TLanguage } from '@residency/shared/event-kinds';
import type { SmsTemplateType, TSmsPreview, TSmsPreviewRequest, TSmsTemplate } from '@residency/shared/sms';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };
type List<T> = { success: true; data: T[] };

/** The SMS texts (admin only, issue 34): the list, save, reset to the built-in text, preview. */
const smsTemplatesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSmsTemplates: build.query<List<TSmsTemplate>, void>({ query: () => '/sms-templates' }),
    saveSmsTemplate: build.mutation<One<TSmsTemplate>, { type: SmsTemplateType; language: TLanguage; body: string }>({
      query: ({ type, language, body }) => ({ url: `/sms-templates/${type}/${language}`, method: 'PUT', body: { body } }),
    }),
    resetSmsTemplate: build.mutation<One<TSmsTemplate>, { type: SmsTemplateType; language: TLanguage }>({
      query: ({ type, language }) => ({ url: `/sms-templates/${type}/${language}`, method: 'DELETE' }),
    }),
    previewSms: build.mutation<One<TSmsPreview>, TSmsPreviewRequest>({
      query: (body) => ({ url: '/sms-templates/preview', method: 'POST', body }),
    }),
  }),
});

export const { useGetSmsTemplatesQuery, useSaveSmsTemplateMutation, useResetSmsTemplateMutation, usePreviewSmsMutation } = smsTemplatesApi;
