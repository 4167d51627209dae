import { fillTemplate } from '@residency/shared/email-templates';

/** Values are text: a name like `<b>Ayesha</b>` shows as written, as it will in the real mail. */
function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * The mail as the guest will read it, filled with `values`, for a sandboxed preview frame
 * (no scripts run in it). A design is a whole document already; anything else gets one.
 */
export function previewDocument(html: string, values: Record<string, string>): string {
  const filled = fillTemplate(html, values, escapeHtml);
  if (/<html[\s>]/i.test(filled)) return filled;
  return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"></head><body style="margin:0">${filled}</body></html>`;
}

/** The subject with the same values (a subject is plain text: nothing to escape). */
export function previewSubject(subject: string, values: Record<string, string>): string {
  return fillTemplate(subject, values);
}
