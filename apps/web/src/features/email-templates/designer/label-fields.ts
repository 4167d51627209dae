/**
 * GrapesJS draws the style and settings fields with their label in a separate element, not tied
 * to the input: a screen reader hears "edit text" and nothing more, and axe reports it. This
 * names each field after the label of its property (the unit picker beside a number says so).
 */
function labelFields(root: HTMLElement, unitWord: string): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input, select, textarea')) {
    if (field.getAttribute('aria-label')) continue;
    // Radio options have their own <label for>.
    if (field instanceof HTMLInputElement && field.type === 'radio') continue;
    const holder = field.closest('.gjs-sm-property, .gjs-trt-trait');
    const label = holder?.querySelector('[data-sm-label], .gjs-sm-label, .gjs-label')?.textContent?.replace(/\s+/g, ' ').trim();
    if (!label) continue;
    field.setAttribute('aria-label', field.classList.contains('gjs-input-unit') ? `${label} (${unitWord})` : label);
  }
}

/** Keeps `root`'s fields named while GrapesJS redraws them (a new selection, a new property). */
export function keepFieldsLabelled(root: HTMLElement, unitWord: string): () => void {
  labelFields(root, unitWord);
  const observer = new MutationObserver(() => labelFields(root, unitWord));
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
