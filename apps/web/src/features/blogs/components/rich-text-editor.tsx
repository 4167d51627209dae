import { BoldOutlined, ItalicOutlined, LinkOutlined, OrderedListOutlined, RedoOutlined, UndoOutlined, UnorderedListOutlined } from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input } from 'antd';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLink, richTextValue } from '../rich-text-rules';

export interface RichTextEditorProps {
  /** The HTML of the text to start with; '' when empty. */
  value?: string;
  onChange?: (html: string) => void;
  /** Given by antd's Form.Item: the field id and its accessibility state. */
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-required'?: boolean | 'true' | 'false';
  /** The id of the element that names the field (its label). */
  labelledBy: string;
  disabled?: boolean;
}

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3] },
    // Not offered in the toolbar and not what a hotel's post needs.
    code: false,
    codeBlock: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      // Links in a post lead off the site: no referrer, no ranking credit, no access to this tab.
      HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
      isAllowedUri: (url) => normalizeLink(url) !== null,
    },
  }),
  // Pictures already in a post (or pasted in) are kept; the post's own photos are chosen above.
  Image,
];

/**
 * The blog's rich-text description (TipTap): a toolbar of bold, italic, two heading levels,
 * bullet and numbered lists, link and quote, plus undo and redo. A toolbar in the ARIA sense:
 * one tab stop, arrows move between its buttons, each button says whether it is on. Loaded
 * lazily (see rich-text-field.tsx): TipTap is 120 KB that only admins need.
 */
export default function RichTextEditor({ value = '', onChange, id, labelledBy, disabled, ...aria }: RichTextEditorProps) {
  const { t } = useTranslation('content-admin');
  const latestChange = useRef(onChange);
  latestChange.current = onChange;
  // The field's name, hint, error and state belong to the editable area itself, which is what a
  // screen reader lands on; they change as the form validates.
  const describedBy = aria['aria-describedby'];
  const invalid = aria['aria-invalid'] === true || aria['aria-invalid'] === 'true';
  const required = aria['aria-required'] === true || aria['aria-required'] === 'true';
  const editorProps = useMemo(
    () => ({
      attributes: {
        ...(id ? { id } : {}),
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        'data-testid': 'rich-text-editor',
      },
    }),
    [id, labelledBy, describedBy, invalid, required],
  );
  // The text it starts with. After that the editor owns the text and reports it: pushing the
  // form's value back in would race fast typing (a value one keystroke old resets the text).
  // To show another post, mount a new editor (the forms are keyed by post).
  const [initial] = useState(value);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    editable: !disabled,
    editorProps,
    onUpdate: ({ editor: e }) => latestChange.current?.(richTextValue(e.getHTML())),
  });

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  return (
    <div
      className={`overflow-hidden rounded-lg border bg-white focus-within:border-[#14504f] focus-within:ring-2 focus-within:ring-[#14504f]/20 ${
        invalid ? 'border-[#b42318]' : 'border-slate-300'
      }`}
    >
      <Toolbar editor={editor} disabled={disabled} label={t('editor.toolbar')} />
      <EditorContent
        editor={editor}
        className="max-h-[60vh] min-h-56 overflow-y-auto px-3 py-2 text-[15px] leading-relaxed text-slate-900 [&_.ProseMirror]:min-h-52 [&_.ProseMirror]:outline-none [&_a]:text-[#14504f] [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-slate-300 [&_blockquote]:pl-3 [&_blockquote]:text-slate-700 [&_h2]:mt-4 [&_h2]:mb-2 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:mt-3 [&_h3]:mb-1 [&_h3]:text-lg [&_h3]:font-semibold [&_img]:my-2 [&_img]:max-w-full [&_img]:rounded [&_ol]:my-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-2 [&_ul]:my-2 [&_ul]:list-disc [&_ul]:pl-6"
      />
    </div>
  );
}

interface ToolState {
  bold: boolean;
  italic: boolean;
  h2: boolean;
  h3: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

function Toolbar({ editor, disabled, label }: { editor: Editor; disabled?: boolean; label: string }) {
  const { t } = useTranslation('content-admin');
  const bar = useRef<HTMLDivElement>(null);
  const linkFieldId = useId();
  const [current, setCurrent] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const state = useEditorState<ToolState>({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      link: e.isActive('link'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });

  const tools: { key: string; label: string; icon: ReactNode; pressed?: boolean; enabled?: boolean; run: () => void }[] = [
    { key: 'bold', label: t('editor.bold'), icon: <BoldOutlined aria-hidden />, pressed: state.bold, run: () => editor.chain().focus().toggleBold().run() },
    { key: 'italic', label: t('editor.italic'), icon: <ItalicOutlined aria-hidden />, pressed: state.italic, run: () => editor.chain().focus().toggleItalic().run() },
    { key: 'h2', label: t('editor.heading2'), icon: <Glyph>H2</Glyph>, pressed: state.h2, run: () => editor.chain().focus().toggleHeading({ level: 2 }).run() },
    { key: 'h3', label: t('editor.heading3'), icon: <Glyph>H3</Glyph>, pressed: state.h3, run: () => editor.chain().focus().toggleHeading({ level: 3 }).run() },
    { key: 'bullets', label: t('editor.bulletList'), icon: <UnorderedListOutlined aria-hidden />, pressed: state.bulletList, run: () => editor.chain().focus().toggleBulletList().run() },
    { key: 'numbers', label: t('editor.orderedList'), icon: <OrderedListOutlined aria-hidden />, pressed: state.orderedList, run: () => editor.chain().focus().toggleOrderedList().run() },
    { key: 'link', label: t('editor.link'), icon: <LinkOutlined aria-hidden />, pressed: state.link || linkOpen, run: () => setLinkOpen((open) => !open) },
    { key: 'quote', label: t('editor.blockquote'), icon: <QuoteIcon />, pressed: state.blockquote, run: () => editor.chain().focus().toggleBlockquote().run() },
    { key: 'undo', label: t('editor.undo'), icon: <UndoOutlined aria-hidden />, enabled: state.canUndo, run: () => editor.chain().focus().undo().run() },
    { key: 'redo', label: t('editor.redo'), icon: <RedoOutlined aria-hidden />, enabled: state.canRedo, run: () => editor.chain().focus().redo().run() },
  ];

  // The toolbar's one tab stop: the button last used, unless it has since been disabled.
  const stop = tools[current]?.enabled === false ? 0 : current;

  // Arrow keys, Home and End move along the toolbar (WAI-ARIA toolbar pattern); Tab leaves it.
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    // Disabled buttons (nothing to undo) cannot take the focus: they are stepped over.
    const buttons = Array.from(bar.current?.querySelectorAll<HTMLButtonElement>('[data-tool]:not(:disabled)') ?? []);
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const next =
      event.key === 'ArrowRight' ? (at + 1) % buttons.length
      : event.key === 'ArrowLeft' ? (at - 1 + buttons.length) % buttons.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? buttons.length - 1
      : null;
    if (next === null) return;
    event.preventDefault();
    buttons[next]?.focus();
  };

  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div ref={bar} role="toolbar" aria-label={label} className="flex flex-wrap gap-0.5 p-1" onKeyDown={move}>
        {tools.map((tool, index) => (
          <Button
            key={tool.key}
            type="text"
            size="small"
            data-tool={tool.key}
            tabIndex={index === stop ? 0 : -1}
            onFocus={() => setCurrent(index)}
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.pressed === undefined ? undefined : tool.pressed}
            aria-expanded={tool.key === 'link' ? linkOpen : undefined}
            aria-controls={tool.key === 'link' && linkOpen ? linkFieldId : undefined}
            disabled={disabled || tool.enabled === false}
            // Keeps the text's selection while the mouse is down, so the command applies to it.
            onMouseDown={(e) => e.preventDefault()}
            onClick={tool.run}
            className={`!h-8 !min-w-8 ${tool.pressed ? '!bg-[#14504f]/10 !text-[#14504f]' : '!text-slate-700'}`}
            icon={tool.icon}
          />
        ))}
      </div>
      {linkOpen && <LinkField id={linkFieldId} editor={editor} onDone={() => setLinkOpen(false)} />}
    </div>
  );
}

/** The Link tool's field: the address of the selected text's link, applied, changed or removed. */
function LinkField({ id, editor, onDone }: { id: string; editor: Editor; onDone: () => void }) {
  const { t } = useTranslation('content-admin');
  const [href, setHref] = useState(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-error`;

  const apply = () => {
    const link = normalizeLink(href);
    if (link === null) {
      setError(t('editor.linkInvalid'));
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!link) chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: 'text', text: link, marks: [{ type: 'link', attrs: { href: link } }] }).run();
    } else chain.setLink({ href: link }).run();
    onDone();
  };

  return (
    <div className="flex flex-wrap items-start gap-2 border-t border-slate-200 p-2" data-testid="rich-text-link">
      <div className="min-w-0 flex-1 basis-56">
        <Input
          id={id}
          size="small"
          value={href}
          autoFocus
          aria-label={t('editor.linkAddress')}
          placeholder={t('editor.linkPlaceholder')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          status={error ? 'error' : undefined}
          onChange={(e) => {
            setHref(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              apply();
            }
            if (e.key === 'Escape') {
              e.preventDefault();
              editor.commands.focus();
              onDone();
            }
          }}
        />
        {error && (
          <div id={errorId} role="alert" className="mt-1 text-xs text-[#b42318]">
            {error}
          </div>
        )}
      </div>
      <Button size="small" type="primary" onClick={apply}>
        {t('editor.linkApply')}
      </Button>
      {editor.isActive('link') && (
        <Button
          size="small"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
        >
          {t('editor.linkRemove')}
        </Button>
      )}
    </div>
  );
}

function Glyph({ children }: { children: string }) {
  return (
    <span aria-hidden className="text-xs font-bold">
      {children}
    </span>
  );
}

function QuoteIcon() {
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true">
      <path d="M4 11.5C4 8 6 5.6 9.3 5l.6 1.5C8 7.2 7.1 8.5 7 10h2.9v7H4zm10 0c0-3.5 2-5.9 5.3-6.5l.6 1.5c-1.9.7-2.8 2-2.9 3.5h2.9v7H14z" />
    </svg>
  );
}
