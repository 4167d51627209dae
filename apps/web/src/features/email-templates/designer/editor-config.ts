import type { AssetsCustomData, Editor, EditorConfig, Plugin, ProjectData } from 'grapesjs';
import type { TFunction } from 'i18next';

/** The blocks of the designer (issue 11: text, image, button, columns, divider, spacer), in the panel's order. */
const PRESET_BLOCKS = ['text', 'image', 'button', 'sect100', 'sect50', 'sect30', 'sect37', 'divider'] as const;
export const BLOCK_ORDER = [...PRESET_BLOCKS, 'spacer'] as const;

/** Fonts every mail program has: a mail cannot load a web font reliably. */
const MAIL_FONTS = [
  { id: 'Arial, Helvetica, sans-serif', label: 'Arial' },
  { id: 'Verdana, Geneva, sans-serif', label: 'Verdana' },
  { id: 'Tahoma, Geneva, sans-serif', label: 'Tahoma' },
  { id: "'Trebuchet MS', Helvetica, sans-serif", label: 'Trebuchet MS' },
  { id: 'Georgia, serif', label: 'Georgia' },
  { id: "'Times New Roman', Times, serif", label: 'Times New Roman' },
  { id: "'Courier New', Courier, monospace", label: 'Courier New' },
];

/**
 * The style panel: what a mail can use (text, size and spacing, background and border), without
 * icon fonts (the preset's own panel draws its alignment buttons with Font Awesome from a CDN).
 * Labels come from the GrapesJS messages (`grapes` in the email-templates namespace).
 */
const SECTORS = [
  {
    id: 'typography',
    name: 'Text',
    open: true,
    properties: [
      { type: 'select', property: 'font-family', default: MAIL_FONTS[0]!.id, options: MAIL_FONTS },
      'font-size',
      { type: 'select', property: 'font-weight', default: '400', options: [{ id: '400' }, { id: '600' }, { id: '700' }] },
      'color',
      'line-height',
      { type: 'radio', property: 'text-align', default: 'left', options: [{ id: 'left' }, { id: 'center' }, { id: 'right' }, { id: 'justify' }] },
    ],
  },
  { id: 'dimension', name: 'Size and spacing', open: false, properties: ['width', 'max-width', 'height', 'padding', 'margin'] },
  { id: 'decorations', name: 'Background and border', open: false, properties: ['background-color', 'border-radius', 'border'] },
];

export interface DesignerConfigInput {
  t: TFunction;
  uiLanguage: 'en' | 'bn';
  canvas: HTMLElement;
  styles: HTMLElement;
  traits: HTMLElement;
  projectData: ProjectData;
  /** The newsletter preset, and our own plugin (listeners, the spacer block). */
  preset: Plugin<Record<string, unknown>>;
  own: (editor: Editor) => void;
  /** This site's address: a new button links to it (a mail needs absolute links). */
  origin: string;
  /** The image chooser is ours: GrapesJS asks it to open (with what to choose for) and to close. */
  onAssets: (data: AssetsCustomData | null) => void;
}

/**
 * The GrapesJS set-up: nothing from the internet (no telemetry, no CDN icon font), nothing in
 * browser storage (the API saves), our panels around the canvas instead of GrapesJS's own.
 */
export function designerConfig({ t, uiLanguage, canvas, styles, traits, projectData, preset, own, origin, onAssets }: DesignerConfigInput): EditorConfig {
  const messages = t('grapes', { returnObjects: true }) as Record<string, unknown>;
  return {
    container: canvas,
    height: '100%',
    width: 'auto',
    // Telemetry posts the page's domain to app.grapesjs.com on load; the CDN icon font is Font Awesome from cdnjs.
    telemetry: false,
    cssIcons: '',
    storageManager: false,
    // The page asks before leaving unsaved changes, in the reader's language.
    noticeOnUnload: false,
    projectData,
    panels: { defaults: [] },
    blockManager: { custom: true },
    // Functions rather than `custom: true`, which would still open GrapesJS's own (empty) modal.
    assetManager: {
      custom: { open: (data: AssetsCustomData) => onAssets({ ...data, open: true }), close: () => onAssets(null) },
      upload: false,
      embedAsBase64: false,
    },
    styleManager: { appendTo: styles, sectors: SECTORS as never },
    traitManager: { appendTo: traits },
    // Styles go on the element itself (the mail has no class system to share), and the class
    // chooser is not shown.
    selectorManager: { componentFirst: true },
    deviceManager: {
      devices: [
        { id: 'desktop', name: 'desktop', width: '' },
        { id: 'phone', name: 'phone', width: '375px', widthMedia: '480px' },
      ],
    },
    // Selecting is not an edit: only real changes count as unsaved.
    undoManager: { trackSelection: false },
    i18n: { locale: uiLanguage, detectLocale: false, localeFallback: 'en', messages: { [uiLanguage]: messages } },
    // The built-in actions (bold, italic, underline, strike-through, link) with titles in the reader's language.
    richTextEditor: {
      actions: (['bold', 'italic', 'underline', 'strikethrough', 'link'] as const).map((name) => ({
        name,
        attributes: { title: t(`editor.rte.${name}`) },
      })) as never,
    },
    plugins: [
      (editor) =>
        preset(editor, {
          blocks: [...PRESET_BLOCKS],
          block: (id: string) => presetBlock(id, t, origin),
          // The preset's theme, style panel and panel buttons are replaced by ours.
          useCustomTheme: false,
          updateStyleManager: false,
          showStylesOnChange: false,
          showBlocksOnLoad: false,
          inlineCss: false,
        }),
      (editor) => {
        // The preset sets up its own panels (and GrapesJS's default ones): this page has its own tools.
        editor.Panels.getPanels().reset([]);
        editor.Blocks.add('spacer', {
          label: t('editor.blocks.spacer'),
          media: SPACER_ICON,
          select: true,
          content: {
            type: 'table',
            attributes: { role: 'presentation', width: '100%' },
            style: { width: '100%' },
            components: [{ type: 'row', components: [{ type: 'cell', style: { height: '32px', 'line-height': '32px', 'font-size': '1px' }, content: '&nbsp;' }] }],
          },
        });
        own(editor);
      },
    ],
  };
}

/** Our words and defaults over the preset's blocks (a button that looks like one, an image with an alt text). */
function presetBlock(id: string, t: TFunction, origin: string): Record<string, unknown> {
  const label = t(`editor.blocks.${id}`);
  if (id === 'text') return { label, content: { type: 'text', content: t('editor.defaultText'), style: { padding: '10px' } } };
  if (id === 'image') return { label, content: { type: 'image', attributes: { alt: '' }, style: { 'max-width': '100%' } } };
  if (id === 'button') {
    return {
      label,
      content: {
        type: 'link',
        content: t('editor.defaultButton'),
        attributes: { href: `${origin}/` },
        style: {
          display: 'inline-block',
          padding: '12px 24px',
          'background-color': '#14504f',
          color: '#ffffff',
          'border-radius': '6px',
          'text-decoration': 'none',
          'font-weight': '600',
        },
      },
    };
  }
  return { label };
}

const SPACER_ICON = `<svg viewBox="0 0 24 24"><path fill="currentColor" d="M8 2h8v2H8zM11 5h2v3.2l1.6-1.6 1.4 1.4-4 4-4-4 1.4-1.4 1.6 1.6zM8 20h8v2H8zM13 19h-2v-3.2l-1.6 1.6L8 16l4-4 4 4-1.4 1.4-1.6-1.6z"/></svg>`;
