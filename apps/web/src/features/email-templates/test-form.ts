import { ZEmailTemplateTest } from '@residency/shared/email-templates';
import { parseVariablesJson, type TestVariables } from './variables';

/** The Send Test form's mistakes, as keys of `test.errors` (the English ones are the spec's words). */
export interface TestFormErrors {
  to?: 'toRequired' | 'toInvalid';
  variables?: 'invalidJson' | 'shape';
}

/**
 * Checks the Send Test form before anything is sent: a recipient ('Recipient email is
 * required'), a real address, and variables that are JSON ('Variables must be valid JSON') of
 * names to texts or numbers. Empty variables mean the sample booking's values.
 */
export function checkTestForm(input: { to: string; variables: string }): { ok: true; to: string; variables: TestVariables } | { ok: false; errors: TestFormErrors } {
  const errors: TestFormErrors = {};
  const to = input.to.trim();
  if (!to) errors.to = 'toRequired';
  else if (!ZEmailTemplateTest.shape.to.safeParse(to).success) errors.to = 'toInvalid';
  const variables = parseVariablesJson(input.variables);
  if (!variables.ok) errors.variables = variables.error === 'invalid' ? 'invalidJson' : 'shape';
  if (errors.to || !variables.ok) return { ok: false, errors };
  return { ok: true, to, variables: variables.variables };
}
