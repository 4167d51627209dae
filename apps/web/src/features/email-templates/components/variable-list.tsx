import type { EmailTemplateType } from '@residency/shared/email-templates';
import { useTranslation } from 'react-i18next';
import { variableList } from '../template-types';
import { variableToken } from '../variables';

/**
 * The variables a type supports (spec section 3), required ones marked. A press inserts the
 * variable; a mouse press keeps the focus where it was (the subject, or the text in the
 * canvas), so the cursor there is where it goes. A variable whose value is not plain to guess
 * from its name (`rooms`: a line per room, empty for one room) says so in its title.
 */
export function VariableList({ type, disabled, onInsert }: { type: EmailTemplateType; disabled: boolean; onInsert: (name: string) => void }) {
  const { t } = useTranslation('email-templates');
  return (
    <ul className="m-0 flex list-none flex-wrap gap-1.5 p-0" data-testid="variable-list">
      {variableList(type).map(({ name, required }) => {
        const token = variableToken(name);
        const hint = t(`variableHints.${name}`, { defaultValue: '' });
        return (
          <li key={name}>
            <button
              type="button"
              disabled={disabled}
              onMouseDown={(e) => {
                // Neither the subject nor the text in the canvas loses its cursor: no focus move,
                // and GrapesJS (which stops text editing on any mousedown in the page) is not told.
                e.preventDefault();
                e.stopPropagation();
              }}
              onClick={() => onInsert(name)}
              title={hint ? t('editor.insertWithHint', { token, hint }) : t(required ? 'editor.insertRequired' : 'editor.insert', { token })}
              data-variable={name}
              className={`focus-visible:outline-brand-700 inline-flex items-center gap-1 rounded-md border px-2 py-1 font-mono text-xs focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60 ${
                required ? 'border-brand-700 bg-brand-50 text-brand-900 font-semibold' : 'border-slate-300 bg-white text-slate-800'
              } enabled:hover:border-brand-700`}
            >
              {token}
              {required && (
                <span className="font-sans text-[10px] font-normal tracking-wide uppercase">
                  {t('editor.required')}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
