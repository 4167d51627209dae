import { useEffect, useRef, type FocusEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';

/**
 * An anchor and the pop-up it opens: an outside click, Escape, or the focus moving on to a control
 * outside it closes it (Escape also gives the focus back to the anchor). The pop-up keeps inside
 * the screen on phones.
 */
export function Popover({
  open,
  onClose,
  anchor,
  anchorRef,
  label,
  align = 'left',
  testId,
  className = '',
  children,
}: {
  open: boolean;
  onClose: () => void;
  anchor: ReactNode;
  anchorRef: RefObject<HTMLElement | null>;
  /** The pop-up's accessible name. */
  label: string;
  /** Which edge of the anchor the pop-up lines up with. */
  align?: 'left' | 'right';
  testId?: string;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);

  // An outside press or Escape anywhere closes it. (lib/use-outside-click does the same; it is not
  // imported here so that the header's first-paint chunk, which holds it, stays as it is.)
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) onClose();
    };
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onEscape);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onEscape);
    };
  }, [open, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onClose();
    anchorRef.current?.focus();
  };

  // Tabbing out of the pop-up (or its anchor) to another control closes it: otherwise a keyboard
  // user leaves a calendar open under the next one. A blur to nowhere (a press on the pop-up's own
  // padding, the window losing focus) has no related target and keeps it open.
  const onBlur = (event: FocusEvent) => {
    const next = event.relatedTarget as Node | null;
    if (open && next && box.current && !box.current.contains(next)) onClose();
  };

  return (
    <div ref={box} className={`relative ${className}`} onBlur={onBlur}>
      {anchor}
      {open && (
        <div
          role="dialog"
          aria-label={label}
          data-testid={testId}
          onKeyDown={onKeyDown}
          className={`absolute top-full z-50 mt-2 max-w-[calc(100vw-2rem)] rounded-2xl bg-white p-4 text-left shadow-xl ring-1 ring-slate-200 ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          {children}
        </div>
      )}
    </div>
  );
}
