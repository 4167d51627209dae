import { z } from 'zod';

/**
 * Text a person sends may hold any character of Unicode, but not the two things that are not
 * text at all: NUL (PostgreSQL cannot store it in a text column) and a lone UTF-16 surrogate
 * (half of a character, which no encoding can write). Both only arrive from broken or hostile
 * clients; refused with 400 before they reach a query.
 */
export const TEXT_NOT_ALLOWED_MESSAGE = 'This text contains characters that cannot be stored (a NUL character or broken Unicode).';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether `value` is text that can be stored: no NUL, no lone surrogate. (A regular expression
 * rather than String#isWellFormed, which older phone browsers running the forms lack.)
 */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * `z.string()` for input: the same string schema (chain `.trim()`, `.min()`, … as usual), which
 * also refuses NUL and lone surrogates. Every string of a request contract is one of these.
 */
export function zText(params?: string | { message?: string }) {
  return z.string(params).refine(isStorableText, TEXT_NOT_ALLOWED_MESSAGE);
}

/**
 * Invisible format characters (Unicode's category Cf) that one line of text never needs: the
 * bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069), the
 * direction marks (U+200E, U+200F, U+061C), the zero-width space, word joiner and byte-order
 * mark, the soft hyphen, and the rest of Cf. A right-to-left override turns a guest's name around
 * on the staff screens and in mails; the others hide text or reorder it. Kept: the zero-width
 * non-joiner and joiner (U+200C, U+200D), which Bengali needs to write its conjuncts as meant,
 * and the tag characters of flag emoji (U+E0020–U+E007F).
 */
// ZWNJ and ZWJ as alternatives, not in a character class: a class with ZWJ reads as a joined sequence.
const INVISIBLE_CONTROLS = /(?!\u200C|\u200D|[\u{E0020}-\u{E007F}])\p{Cf}/gu;

/** `value` without the invisible controls a single line of text never needs (INVISIBLE_CONTROLS). */
export function stripInvisibleControls(value: string): string {
  return value.replace(INVISIBLE_CONTROLS, '');
}

/**
 * `zText()` for a single line a person types (a name, a title, a subject, a reference): the
 * same checks, and the invisible controls stripped before any other step (`.trim()`, `.min()`,
 * … chained as usual run on what is kept). Multi-line texts and secrets stay as sent.
 */
export function zLine(params?: string | { message?: string }) {
  return zText(params).overwrite(stripInvisibleControls);
}
