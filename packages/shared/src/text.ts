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
