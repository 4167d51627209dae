import { ArrowLeftOutlined, EyeOutlined, SaveOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { isOpenableDesign, type EmailTemplateType } from '@residency/shared/email-templates';
import { Alert, App, Button, Card, Input, Popconfirm, Segmented, Skeleton, Spin, Switch, Tag, type InputRef } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../../components/dashboard/load-error';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { useSession } from '../../../lib/use-session';
import { formatDateTime } from '../../../lib/format';
import { useErrorText } from '../../../lib/server-error';
import { uploadImage, uploadFailureMessage } from '../../../lib/upload';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useDeleteEmailTemplateMutation, useGetEmailTemplateQuery, useSaveEmailTemplateMutation } from '../api';
import { PreviewModal } from '../components/preview-modal';
import { VariableList } from '../components/variable-list';
import type { MailDesignerHandle } from '../designer/mail-designer';
import { mailImageUrl } from '../designer/mail-export';
import { isTemplateLanguage, isTemplateType, TEMPLATE_LANGUAGES, templatePaths, type TemplateLanguage } from '../template-types';
import { insertAtSelection, unknownVariablesList, variableToken } from '../variables';

/** GrapesJS and its preset: their own chunk, fetched only when the designer is shown. */
const MailDesigner = lazy(() => import('../designer/mail-designer'));

/**
 * Admin › Email templates › Create or Edit (spec section 2: `email-templates/new?type=` and
 * `email-templates/{type}/edit`): the visual designer of one type in one language, with its
 * type, language, subject, active switch and variables beside it.
 */
export default function EmailTemplateEditorPage() {
  const { t } = useTranslation('email-templates');
  const params = useParams();
  const [search] = useSearchParams();
  const rawType = params.type ?? search.get('type');
  const rawLanguage = search.get('language');
  const language: TemplateLanguage = isTemplateLanguage(rawLanguage) ? rawLanguage : 'en';

  if (!isTemplateType(rawType)) {
    return (
      <Card>
        <ScreenHeading title={t('title')} />
        <Alert className="!my-4" type="warning" showIcon title={t('editor.unknownType')} />
        <Link to={templatePaths.list}>{t('editor.back')}</Link>
      </Card>
    );
  }
  return <TemplateEditor key={`${rawType}:${language}`} type={rawType} language={language} creating={!params.type} />;
}

function TemplateEditor({ type, language, creating }: { type: EmailTemplateType; language: TemplateLanguage; creating: boolean }) {
  const { t, i18n } = useTranslation('email-templates');
  const uiLanguage = i18n.resolvedLanguage ?? 'en';
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [, setSearch] = useSearchParams();
  const { token } = useSession();
  const wide = useMediaQuery('(min-width: 768px)');
  // The designer is fetched only once the screen is wide enough; made narrow later (a window
  // resized), it is hidden, not dropped: the work in it stays.
  const [designerShown, setDesignerShown] = useState(wide);
  useEffect(() => {
    if (wide) setDesignerShown(true);
  }, [wide]);
  const ids = { subject: useId(), subjectError: useId(), active: useId(), language: useId(), variables: useId() };

  const { data, isLoading, isError, error, refetch } = useGetEmailTemplateQuery(type);
  const [saveTemplate, { isLoading: saving }] = useSaveEmailTemplateMutation();
  const [deleteTemplate, { isLoading: resetting }] = useDeleteEmailTemplateMutation();
  const detail = data?.data;
  const saved = detail?.templates[language] ?? null;
  const builtIn = detail?.defaults[language];
  // A design saved before the API checked its shape may have no pages: GrapesJS then never gets
  // ready, and the page said "still loading" for good. It says so instead, and offers the reset.
  const unopenable = !!saved && !isOpenableDesign(saved.design);

  const [subject, setSubject] = useState('');
  const [isActive, setActive] = useState(true);
  const [subjectError, setSubjectError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [handle, setHandle] = useState<MailDesignerHandle | null>(null);
  const [preview, setPreview] = useState<{ html: string; subject: string } | null>(null);
  const startedFrom = useRef<{ subject: string; isActive: boolean } | null>(null);

  // The subject and switch start from the saved design (or the built-in default) once it arrives.
  useEffect(() => {
    if (!detail || startedFrom.current) return;
    const start = { subject: saved?.subject ?? builtIn?.subject ?? '', isActive: saved?.isActive ?? true };
    startedFrom.current = start;
    setSubject(start.subject);
    setActive(start.isActive);
  }, [detail, saved, builtIn]);

  // Where a picked variable goes: the subject while it has the focus, else the text in the canvas.
  const target = useRef<'subject' | 'canvas'>('canvas');
  const subjectInput = useRef<InputRef>(null);
  const subjectSelection = useRef<{ start: number | null; end: number | null }>({ start: null, end: null });
  const rememberSelection = () => {
    const el = subjectInput.current?.input;
    if (el) subjectSelection.current = { start: el.selectionStart, end: el.selectionEnd };
  };

  const isDirty = useRef<() => boolean>(() => false);
  isDirty.current = () =>
    !!handle?.isDirty() ||
    (!!startedFrom.current && (subject !== startedFrom.current.subject || isActive !== startedFrom.current.isActive));

  // Unsaved work is not lost by leaving: the browser asks on reload or close, the page on a link.
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!isDirty.current()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  const blocker = useBlocker(
    useCallback(
      ({ currentLocation, nextLocation }) =>
        currentLocation.pathname + currentLocation.search !== nextLocation.pathname + nextLocation.search && isDirty.current(),
      [],
    ),
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('editor.leave.title'),
      content: t('editor.leave.text'),
      okText: t('editor.leave.ok'),
      cancelText: t('editor.leave.cancel'),
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal, t]);

  const upload = useCallback(
    async (file: File) => {
      try {
        return mailImageUrl(await uploadImage(file, { token, purpose: 'content' }), window.location.origin);
      } catch (err) {
        throw new Error(uploadFailureMessage(err, t('assets.failed')), { cause: err });
      }
    },
    [token, t],
  );

  const exportMail = async () => {
    if (!handle) {
      message.warning(t('editor.loading'), 3);
      return null;
    }
    try {
      return await handle.exportMail();
    } catch {
      message.error(t('editor.notReady'), 4);
      return null;
    }
  };

  const save = async () => {
    const mail = await exportMail();
    if (!mail) return;
    const unknown = unknownVariablesList(type, subject, mail.html);
    if (unknown) {
      const text = t('messages.unknownVariables', { list: unknown });
      setProblem(text);
      message.error(text, 5);
      return;
    }
    if (!subject.trim()) {
      setSubjectError(t('messages.subjectRequired'));
      subjectInput.current?.focus();
      return;
    }
    setProblem(null);
    setSubjectError(null);
    try {
      await saveTemplate({ type, language, subject: subject.trim(), design: mail.design, html: mail.html, isActive }).unwrap();
      handle?.markSaved();
      startedFrom.current = { subject, isActive };
      message.success(t('messages.saved'), 3);
      if (creating) navigate(templatePaths.edit(type, language), { replace: true });
    } catch (err) {
      const text = errorText(err, t('messages.saveFailed'));
      // The server's own check of the variables is shown where the browser's is.
      if ((err as { data?: { code?: string } })?.data?.code === 'UNKNOWN_VARIABLES') setProblem(text);
      message.error(text, 5);
    }
  };

  const openPreview = async () => {
    const mail = await exportMail();
    if (mail) setPreview({ html: mail.html, subject });
  };

  const reset = async () => {
    try {
      await deleteTemplate({ type, language }).unwrap();
      startedFrom.current = null;
      message.success(t('editor.reset.done'), 3);
    } catch (err) {
      message.error(errorText(err, t('editor.reset.failed')), 4);
    }
  };

  const insertVariable = async (name: string) => {
    if (!handle) {
      message.warning(t('editor.loading'), 3);
      return;
    }
    if (target.current === 'subject') {
      const { start, end } = subjectSelection.current;
      const next = insertAtSelection(subject, start, end, variableToken(name));
      setSubject(next.value);
      subjectSelection.current = { start: next.caret, end: next.caret };
      requestAnimationFrame(() => {
        const el = subjectInput.current?.input;
        el?.focus();
        el?.setSelectionRange(next.caret, next.caret);
      });
      return;
    }
    if (!(await handle.insertVariable(name))) message.info(t('editor.pickTarget'), 4);
  };

  const typeName = t(`types.${type}`);
  const languageName = t(`languages.${language}`);
  const ready = !!handle;

  const heading = (
    <Card size="small" className="!px-1 sm:!px-3">
      <div className="flex flex-wrap items-start justify-between gap-3 py-1">
        <ScreenHeading title={t(saved ? 'editor.editTitle' : 'editor.createTitle', { type: typeName })} subtitle={t('editor.subtitle')} />
        <div className="flex flex-wrap gap-2">
          <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate(templatePaths.list)}>
            {t('editor.back')}
          </Button>
          <Button icon={<SendOutlined aria-hidden />} onClick={() => navigate(templatePaths.test(type, language))}>
            {t('editor.sendTest')}
          </Button>
          {wide && (
            <>
              <Button icon={<EyeOutlined aria-hidden />} disabled={!ready} onClick={() => void openPreview()}>
                {t('editor.preview')}
              </Button>
              <Button type="primary" icon={<SaveOutlined aria-hidden />} disabled={!ready} loading={saving} onClick={() => void save()} data-testid="template-save">
                {t('editor.save')}
              </Button>
            </>
          )}
        </div>
      </div>
    </Card>
  );

  return (
    <div className="flex flex-col gap-4">
      {heading}
      {!wide && <Alert type="info" showIcon title={t('editor.wideTitle')} description={t('editor.wideText')} data-testid="designer-needs-wide" />}
      {designerShown && (
        <div className={wide ? 'flex flex-col gap-4' : 'hidden'}>
          {isError && <LoadError error={error} fallback={t('editor.loadFailed')} retryLabel={t('retry')} onRetry={refetch} />}
          {problem && <Alert type="error" showIcon title={problem} data-testid="template-problem" closable onClose={() => setProblem(null)} />}

          <Card size="small" data-testid="template-settings">
            {isLoading || !detail ? (
              <Skeleton active paragraph={{ rows: 2 }} />
            ) : (
              <div className="grid gap-x-6 gap-y-4 lg:grid-cols-[minmax(0,14rem)_auto_minmax(0,1fr)] xl:grid-cols-[minmax(0,14rem)_auto_minmax(0,1fr)_auto]">
                <div>
                  <span className="mb-1 block text-sm font-medium text-slate-800">{t('editor.type')}</span>
                  <div className="font-semibold text-slate-900">{typeName}</div>
                  <div className="font-mono text-xs break-all text-slate-600">{type}</div>
                </div>

                <div>
                  <span id={ids.language} className="mb-1 block text-sm font-medium text-slate-800">
                    {t('editor.language')}
                  </span>
                  <Segmented
                    aria-labelledby={ids.language}
                    value={language}
                    onChange={(v) =>
                      setSearch((current) => {
                        const next = new URLSearchParams(current);
                        next.set('language', v as string);
                        return next;
                      })
                    }
                    options={TEMPLATE_LANGUAGES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }))}
                    data-testid="template-language"
                  />
                </div>

                <div className="min-w-0">
                  <label htmlFor={ids.subject} className="mb-1 block text-sm font-medium text-slate-800">
                    {t('editor.subject')}
                  </label>
                  <Input
                    id={ids.subject}
                    ref={subjectInput}
                    value={subject}
                    placeholder={t('editor.subjectPlaceholder')}
                    status={subjectError ? 'error' : undefined}
                    aria-invalid={!!subjectError}
                    aria-describedby={subjectError ? ids.subjectError : undefined}
                    maxLength={300}
                    onFocus={() => {
                      target.current = 'subject';
                      rememberSelection();
                    }}
                    onSelect={rememberSelection}
                    onKeyUp={rememberSelection}
                    onClick={rememberSelection}
                    onChange={(e) => {
                      setSubject(e.target.value);
                      setSubjectError(null);
                      subjectSelection.current = { start: e.target.selectionStart, end: e.target.selectionEnd };
                    }}
                    data-testid="template-subject"
                  />
                  {subjectError && (
                    <div id={ids.subjectError} className="mt-1 text-sm text-red-700">
                      {subjectError}
                    </div>
                  )}
                </div>

                <div>
                  <span className="mb-1 block text-sm font-medium text-slate-800" aria-hidden>
                    &nbsp;
                  </span>
                  <label htmlFor={ids.active} className="flex cursor-pointer items-center gap-2 text-sm font-medium text-slate-800">
                    <Switch id={ids.active} checked={isActive} onChange={setActive} data-testid="template-active" />
                    {t('editor.active')}
                  </label>
                </div>

                <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs text-slate-700 lg:col-span-full" data-testid="template-state">
                  {saved ? (
                    <>
                      <span>
                        <Tag color={saved.isActive ? 'green' : 'default'} className={`!me-1 ${saved.isActive ? '!text-green-800' : ''}`}>
                          {saved.isActive ? t('card.active') : t('card.inactive')}
                        </Tag>
                        {t('editor.savedState', { date: formatDateTime(saved.updatedAt, uiLanguage) })}
                      </span>
                      <Popconfirm
                        title={t('editor.reset.title', { language: languageName })}
                        description={<span className="block max-w-64">{t('editor.reset.text')}</span>}
                        okText={t('editor.reset.ok')}
                        cancelText={t('editor.reset.cancel')}
                        okButtonProps={{ danger: true }}
                        onConfirm={reset}
                      >
                        <Button size="small" icon={<UndoOutlined aria-hidden />} loading={resetting}>
                          {t('editor.reset.button')}
                        </Button>
                      </Popconfirm>
                    </>
                  ) : (
                    <span>{t('editor.builtInStart')}</span>
                  )}
                  <span className="text-slate-600">{t('editor.activeHint')}</span>
                  <span className="text-slate-600">{t('editor.languageHint')}</span>
                </div>
              </div>
            )}
          </Card>

          <Card size="small" className="min-w-0">
            {unopenable && <Alert className="!mb-3" type="error" showIcon title={t('editor.unopenable')} data-testid="designer-unopenable" />}
            {!ready && !unopenable && <Alert className="!mb-3" type="info" showIcon title={t('editor.loading')} data-testid="designer-loading" />}
            <section className="mb-3" aria-labelledby={ids.variables}>
              <h3 id={ids.variables} className="m-0 text-sm font-medium text-slate-800">
                {t('editor.variables')}
              </h3>
              <p className="mt-0.5 mb-2 text-xs text-slate-600">{t('editor.variablesHint')}</p>
              <VariableList type={type} disabled={!ready} onInsert={(name) => void insertVariable(name)} />
            </section>
            {detail && !unopenable && (
              <Suspense fallback={<Spin size="large" className="block w-full py-24" />}>
                <MailDesigner
                  key={saved ? 'saved' : 'built-in'}
                  design={(saved?.design as Record<string, unknown> | undefined) ?? null}
                  html={builtIn?.html ?? ''}
                  language={language}
                  onReady={setHandle}
                  onCanvasFocus={() => (target.current = 'canvas')}
                  uploadImage={upload}
                />
              </Suspense>
            )}
          </Card>
        </div>
      )}

      <PreviewModal mail={preview} type={type} language={language} onClose={() => setPreview(null)} />
    </div>
  );
}
