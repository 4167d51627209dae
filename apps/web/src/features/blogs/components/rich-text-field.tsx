import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RichTextEditorProps } from './rich-text-editor';

/** TipTap arrives in its own chunk when a blog form opens; public pages never import this file. */
const RichTextEditor = lazy(() => import('./rich-text-editor'));

/**
 * The blog description field of Add Blog and the Update modal: the rich-text editor, with a
 * placeholder of the editor's size while it loads (the form does not jump when it arrives).
 */
export function RichTextField(props: RichTextEditorProps) {
  const { t } = useTranslation('content-admin');
  return (
    <Suspense
      fallback={
        <div
          className="flex min-h-[17.5rem] items-center justify-center rounded-lg border border-slate-300 bg-slate-50 text-sm text-slate-600"
          role="status"
          data-testid="rich-text-loading"
        >
          {t('editor.loading')}
        </div>
      }
    >
      <RichTextEditor {...props} />
    </Suspense>
  );
}
