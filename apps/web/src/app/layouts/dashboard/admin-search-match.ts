/** A section of the admin area as the header search sees it. */
export interface SearchableSection {
  /** Path below /admin/ (kebab-case English words: 'event-request'). */
  path: string;
  /** The section's title in the reader's language. */
  label: string;
}

/** English plurals to their singular, so "Events" finds "event-request" and "category" finds "categories". */
const singular = (word: string) => {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
};

/** The words of a path or a title, lower case and singular. */
const words = (text: string) => text.toLowerCase().split(/[\s-]+/).filter(Boolean).map(singular);

/**
 * The sections the admin search offers for `term`: those whose title (in the reader's language)
 * contains it, or whose English path has every typed word at the start of one of its words.
 * An empty term offers every section.
 */
export function matchSections<S extends SearchableSection>(sections: readonly S[], term: string): S[] {
  const wanted = term.trim().toLowerCase();
  if (!wanted) return [...sections];
  const typed = words(wanted);
  return sections.filter((section) => {
    if (section.label.toLowerCase().includes(wanted)) return true;
    const own = [...words(section.path), ...words(section.label)];
    return typed.every((word) => own.some((w) => w.startsWith(word)));
  });
}
