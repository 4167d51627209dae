import { unknownVariables, unknownVariablesMessage as spokenList, type EmailTemplateType } from '@residency/shared/email-templates';

/** How a variable is written in a subject or a design. */
export function variableToken(name: string): string {
  return `{{${name}}}`;
}

/**
 * `token` written into `value` in place of the selection [start, end) (a caret when they are
 * equal; both clamped to the text). Returns the new text and where the caret goes: after the token.
 */
export function insertAtSelection(value: string, start: number | null | undefined, end: number | null | undefined, token: string): { value: string; caret: number } {
  const from = clamp(start ?? value.length, value.length);
  const to = Math.max(from, clamp(end ?? from, value.length));
  return { value: value.slice(0, from) + token + value.slice(to), caret: from + token.length };
}

const clamp = (n: number, max: number) => Math.min(Math.max(0, Math.trunc(n)), max);

/**
 * The variables of the subject and the HTML that the type does not support, written as they
 * are used (`{{foo}}, {{bar}}`), or null when every one is supported. The server checks again.
 */
export function unknownVariablesList(type: EmailTemplateType, subject: string, html: string): string | null {
  const unknown = unknownVariables(type, subject, html);
  return unknown.length ? unknown.map(variableToken).join(', ') : null;
}

/**
 * The spec's refusal in English, the server's very words ('Unknown variables used: {{foo}}'), or
 * null when every variable is supported. Screens show `messages.unknownVariables` with the list.
 */
export function unknownVariablesMessage(type: EmailTemplateType, subject: string, html: string): string | null {
  const unknown = unknownVariables(type, subject, html);
  return unknown.length ? spokenList(unknown) : null;
}

/** The Send Test form's variables: names to texts or numbers, as `POST /api/email-templates/test` takes them. */
export type TestVariables = Record<string, string | number>;

/**
 * The optional variables field of Send Test. Empty means none. Anything that is not JSON is
 * `invalid` ('Variables must be valid JSON'); JSON that is not an object of texts and numbers
 * (an array, a nested object, `null`) is `shape`.
 */
export function parseVariablesJson(text: string): { ok: true; variables: TestVariables } | { ok: false; error: 'invalid' | 'shape' } {
  if (!text.trim()) return { ok: true, variables: {} };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, error: 'invalid' };
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, error: 'shape' };
  const entries = Object.entries(parsed as Record<string, unknown>);
  if (!entries.every(([, v]) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))) {
    return { ok: false, error: 'shape' };
  }
  return { ok: true, variables: Object.fromEntries(entries) as TestVariables };
}
