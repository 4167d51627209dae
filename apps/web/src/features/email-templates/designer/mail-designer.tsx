import { BorderOuterOutlined, DesktopOutlined, MobileOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Button, Segmented, Tabs, Tooltip } from 'antd';
import grapesjs, { type AssetsCustomData, type BlocksCustomData, type Block, type Component, type Editor, type ProjectData } from 'grapesjs';
import 'grapesjs/dist/css/grapes.min.css';
import newsletter from 'grapesjs-preset-newsletter';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TemplateLanguage } from '../template-types';
import { variableToken } from '../variables';
import { AssetPicker } from './asset-picker';
import { packDesign, unpackDesign } from './design-format';
import { BLOCK_ORDER, designerConfig } from './editor-config';
import { keepFieldsLabelled } from './label-fields';
import { mailDocument, splitMailDocument } from './mail-export';
import './mail-designer.css';

/** The preset ships as a UMD bundle: depending on the bundler's interop, its plugin is the module or its `default`. */
const presetPlugin = ((newsletter as unknown as { default?: unknown }).default ?? newsletter) as never;

/** What the editor page asks of the designer once it is ready. */
export interface MailDesignerHandle {
  /** The design as saved: the project JSON (reloads exactly) and the mail HTML with its CSS. */
  exportMail(): Promise<{ design: Record<string, unknown>; html: string }>;
  /** Writes `{{name}}` at the cursor of the text being edited (or at the end of the selected text); false when no text is chosen. */
  insertVariable(name: string): Promise<boolean>;
  /** Whether the design changed since it was loaded or last saved. */
  isDirty(): boolean;
  markSaved(): void;
}

export interface MailDesignerProps {
  /** The saved design of this type and language, or null to start from `html` (the built-in default). */
  design: Record<string, unknown> | null;
  html: string;
  /** The mail's language (the canvas reads in it); the panels follow the site's language. */
  language: TemplateLanguage;
  onReady: (handle: MailDesignerHandle | null) => void;
  /** The person is working in the canvas: a variable picked now goes there, not into the subject. */
  onCanvasFocus: () => void;
  /** Stores a picture with the site's upload pipeline; resolves to the URL to put in the mail. */
  uploadImage: (file: File) => Promise<string>;
}

/**
 * The visual e-mail designer: GrapesJS with the newsletter preset, drawn inside this page's own
 * panels (blocks, style, settings) and toolbar. Loaded only on the editor route (its own chunk).
 */
export default function MailDesigner({ design, html, language, onReady, onCanvasFocus, uploadImage }: MailDesignerProps) {
  const { t, i18n } = useTranslation('email-templates');
  const uiLanguage = i18n.resolvedLanguage === 'bn' ? 'bn' : 'en';
  const canvasRef = useRef<HTMLDivElement>(null);
  const stylesRef = useRef<HTMLDivElement>(null);
  const traitsRef = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [blocks, setBlocks] = useState<BlocksCustomData | null>(null);
  const [assets, setAssets] = useState<AssetsCustomData | null>(null);
  const [history, setHistory] = useState({ undo: false, redo: false });
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const [outlines, setOutlines] = useState(true);
  // Carried over when the site's language changes: the panels are redrawn in it, the work stays.
  const carried = useRef<{ data: ProjectData; dirty: boolean } | null>(null);
  // Callbacks read at event time, so the editor is not rebuilt when the page re-renders.
  const latest = useRef({ onReady, onCanvasFocus });
  latest.current = { onReady, onCanvasFocus };

  useEffect(() => {
    // Each editor draws into boxes of its own: the one before may still be finishing (see below).
    const box = (parent: HTMLElement) => parent.appendChild(Object.assign(document.createElement('div'), { className: 'h-full' }));
    const canvas = box(canvasRef.current!);
    const styles = box(stylesRef.current!);
    const traits = box(traitsRef.current!);
    const unitWord = t('editor.unit');
    const stopLabelling = [keepFieldsLabelled(styles, unitWord), keepFieldsLabelled(traits, unitWord)];
    const start = carried.current;
    let dirtyAtStart = start?.dirty ?? false;
    // A new design starts from the built-in mail: its body into the canvas, the body's look onto the canvas's body.
    const builtIn = !start && !design ? splitMailDocument(html) : null;
    const ed = grapesjs.init(
      designerConfig({
        t,
        uiLanguage,
        canvas,
        styles,
        traits,
        projectData: start?.data ?? ((design ? unpackDesign(design) : { pages: [{ component: builtIn!.body }] }) as ProjectData),
        preset: presetPlugin,
        origin: window.location.origin,
        onAssets: setAssets,
        own(e) {
          // Registered before the first render: the block list is announced during it.
          e.on('block:custom', (data: BlocksCustomData) => setBlocks({ ...data }));
          const track = () => setHistory({ undo: e.UndoManager.hasUndo(), redo: e.UndoManager.hasRedo() });
          e.on('update', track);
          e.on('undo redo', track);
          e.on('component:selected rte:enable', () => latest.current.onCanvasFocus());
          // Before GrapesJS clears its history and change count on load: the start is not a change.
          if (builtIn && Object.keys(builtIn.bodyStyle).length) e.onReady(() => e.getWrapper()?.setStyle(builtIn.bodyStyle));
        },
      }),
    );

    ed.onReady(() => {
      const frame = ed.Canvas.getFrameEl();
      frame.title = t('editor.canvasTitle');
      const doc = ed.Canvas.getDocument();
      if (doc) doc.documentElement.lang = language;
      ed.runCommand('core:component-outline');
      setEditor(ed);
      latest.current.onReady(handleOf(ed, language, () => dirtyAtStart, () => (dirtyAtStart = false)));
    });

    return () => {
      // Text being typed is still only in the page: into the design first, then carried over.
      const editing = ed.getEditing();
      const typed = editing?.getEl()?.innerHTML;
      if (editing && typed !== undefined) editing.components(typed);
      carried.current = { data: ed.getProjectData(), dirty: dirtyAtStart || ed.getDirtyCount() > 0 || !!editing };
      latest.current.onReady(null);
      stopLabelling.forEach((stop) => stop());
      setEditor(null);
      setBlocks(null);
      setAssets(null);
      // GrapesJS ends text editing asynchronously; destroyed before that, it fails on its own
      // remains. The next editor may already be drawn in the same place meanwhile.
      const view = editing?.getView() as { disableEditing?: () => Promise<void> } | undefined;
      for (const el of [canvas, styles, traits]) el.style.display = 'none';
      void Promise.resolve(view?.disableEditing?.())
        .catch(() => undefined)
        .finally(() => {
          ed.destroy();
          for (const el of [canvas, styles, traits]) el.remove();
        });
    };
    // The design is fixed for the life of this component (the page gives each type and language its own).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [uiLanguage]);

  const switchDevice = (next: 'desktop' | 'phone') => {
    setDevice(next);
    editor?.setDevice(next);
  };

  const toggleOutlines = () => {
    if (!editor) return;
    if (outlines) editor.stopCommand('core:component-outline');
    else editor.runCommand('core:component-outline');
    setOutlines(!outlines);
  };

  const addBlock = (block: Block) => {
    if (!editor) return;
    // Into the selected element when it takes children (a column), else at the end of the mail.
    const selected = editor.getSelected();
    const target = selected && selected.get('droppable') ? selected : editor.getWrapper()!;
    const added = ([] as Component[]).concat(target.append(block.get('content') as never));
    const first = added[0];
    if (!first) return;
    editor.select(first);
    if (block.get('activate')) first.trigger('active');
  };

  const upload = async (file: File) => {
    const src = await uploadImage(file);
    return editor!.AssetManager.add({ src, type: 'image' });
  };

  const ready = !!editor;
  const blockList = (blocks?.blocks ?? [])
    .slice()
    .sort((a, b) => BLOCK_ORDER.indexOf(a.getId() as never) - BLOCK_ORDER.indexOf(b.getId() as never));

  return (
    <div className="mail-designer flex flex-col gap-3" data-testid="mail-designer" data-ready={ready ? 'true' : 'false'}>
      <div role="toolbar" aria-label={t('editor.toolbar.label')} className="flex flex-wrap items-center gap-2">
        <Tooltip title={t('editor.toolbar.undo')}>
          <Button icon={<UndoOutlined aria-hidden />} aria-label={t('editor.toolbar.undo')} disabled={!ready || !history.undo} onClick={() => editor?.UndoManager.undo()} />
        </Tooltip>
        <Tooltip title={t('editor.toolbar.redo')}>
          <Button icon={<RedoOutlined aria-hidden />} aria-label={t('editor.toolbar.redo')} disabled={!ready || !history.redo} onClick={() => editor?.UndoManager.redo()} />
        </Tooltip>
        <Segmented
          aria-label={t('editor.toolbar.device')}
          disabled={!ready}
          value={device}
          onChange={(v) => switchDevice(v as 'desktop' | 'phone')}
          options={[
            { value: 'desktop', label: t('editor.toolbar.desktop'), icon: <DesktopOutlined aria-hidden /> },
            { value: 'phone', label: t('editor.toolbar.phone'), icon: <MobileOutlined aria-hidden /> },
          ]}
        />
        <Button icon={<BorderOuterOutlined aria-hidden />} aria-pressed={outlines} disabled={!ready} onClick={toggleOutlines}>
          {t('editor.toolbar.outlines')}
        </Button>
      </div>

      <div className="grid min-h-0 grid-cols-[200px_minmax(0,1fr)] gap-3">
        <Tabs
          size="small"
          className="mail-designer__panel"
          items={[
            {
              key: 'blocks',
              label: t('editor.tabs.blocks'),
              forceRender: true,
              children: (
                <div>
                  <p className="mt-0 mb-2 text-xs text-slate-600">{t('editor.blocksHint')}</p>
                  <ul className="m-0 grid list-none grid-cols-2 gap-2 p-0" aria-label={t('editor.blocksLabel')} data-testid="designer-blocks">
                    {blockList.map((block) => (
                      <li key={block.getId()}>
                        <button
                          type="button"
                          draggable={ready}
                          disabled={!ready}
                          className="mail-designer__block"
                          aria-label={t('editor.addBlock', { name: block.getLabel() })}
                          data-block={block.getId()}
                          onDragStart={(e) => blocks?.dragStart(block, e.nativeEvent)}
                          onDragEnd={() => blocks?.dragStop(false)}
                          onClick={() => addBlock(block)}
                        >
                          {/* The preset's own SVG icons: static markup shipped with the app. */}
                          <span className="mail-designer__block-icon" aria-hidden dangerouslySetInnerHTML={{ __html: String(block.getMedia() ?? '') }} />
                          <span className="text-xs leading-tight">{block.getLabel()}</span>
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ),
            },
            { key: 'style', label: t('editor.tabs.style'), forceRender: true, children: <div ref={stylesRef} className="mail-designer__gjs" /> },
            { key: 'settings', label: t('editor.tabs.settings'), forceRender: true, children: <div ref={traitsRef} className="mail-designer__gjs" /> },
          ]}
        />
        <div className="mail-designer__canvas" data-testid="designer-canvas">
          <div ref={canvasRef} className="h-full" />
        </div>
      </div>

      <AssetPicker data={assets} upload={upload} />
    </div>
  );
}

/** Keeps the cursor if it is in `el`, else puts it at the end of `el`'s text. */
function caretInside(el: HTMLElement): void {
  const selection = el.ownerDocument.getSelection();
  if (selection?.rangeCount && el.contains(selection.getRangeAt(0).commonAncestorContainer)) return;
  const range = el.ownerDocument.createRange();
  range.selectNodeContents(el);
  range.collapse(false);
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** `read()` once it gives something (checked every 20 ms), or undefined after `ms`. */
async function waitFor<T>(read: () => T | undefined | null, ms: number): Promise<T | undefined> {
  for (const end = Date.now() + ms; ; ) {
    const value = read();
    if (value) return value;
    if (Date.now() > end) return undefined;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The page's handle on one editor. */
function handleOf(ed: Editor, language: TemplateLanguage, dirtyAtStart: () => boolean, clearStart: () => void): MailDesignerHandle {
  /** The text being typed in is kept in the page until editing stops: bring it into the design. */
  const finishTyping = async () => {
    const editing = ed.getEditing();
    const view = editing?.getView() as { disableEditing?: () => Promise<void> } | undefined;
    await view?.disableEditing?.();
  };

  return {
    async exportMail() {
      await finishTyping();
      const design = packDesign(ed.getProjectData() as unknown as Record<string, unknown>) as unknown as Record<string, unknown>;
      const body = ed.getHtml();
      // Without GrapesJS's canvas-only rules (`* { box-sizing }`), which would land on every element.
      const css = ed.getCss({ avoidProtected: true }) ?? '';
      if (!body) throw new Error('empty export');
      return { design, html: mailDocument(body, css, language) };
    },

    async insertVariable(name) {
      const token = variableToken(name);
      let editing = ed.getEditing();
      const rte = ed.RichTextEditor;
      if (!editing) {
        const selected = ed.getSelected();
        if (!selected?.is('text') && !selected?.isInstanceOf('text')) return false;
        // Start editing the selected text; the token then goes at its end.
        selected.trigger('active');
        editing = await waitFor(() => ed.getEditing(), 2000);
      }
      const el = editing?.getEl();
      if (!editing || !el) return false;
      caretInside(el);
      const active = rte.globalRte;
      if (!active) return false;
      // A text token (no markup), where the cursor is in the text being edited.
      active.insertHTML(token);
      return true;
    },

    isDirty: () => dirtyAtStart() || ed.getDirtyCount() > 0 || !!ed.getEditing(),

    markSaved() {
      clearStart();
      ed.clearDirtyCount();
    },
  };
}
