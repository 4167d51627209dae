import { LockOutlined } from '@ant-design/icons';
import { App, Button, Form, Input, Popconfirm } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatLongDate, formatNumber } from '../../../lib/format';
import { errorCode, useErrorText } from '../../../lib/server-error';
import { useCloseDayMutation } from '../api';

/** The note's longest (ZCloseDay). */
const NOTE_MAX = 1000;

/** The refusals of a close this screen words itself (with the day they name). */
const REFUSALS = new Set(['DAY_ALREADY_CLOSED', 'DAY_NOT_ENDED', 'DAY_BEFORE_NIGHT_AUDIT', 'EARLIER_DAY_OPEN']);

/** The day a refusal names (`day` beside the code in the error's body). */
function refusedDay(error: unknown): string | null {
  const day = (error as { data?: { day?: unknown } } | undefined)?.data?.day;
  return typeof day === 'string' ? day : null;
}

interface Props {
  day: string;
  /** How many items the day leaves open: with any, a note is required (the server says so). */
  openCount: number;
  /** After a refusal: the day is read again (it may have been closed meanwhile, or an earlier one opened). */
  onRefused: () => void;
}

/**
 * The close of a day: a note (required when items are open: the server's NOTE_REQUIRED is shown
 * on the field) and "Close the day", asked once more, sent once: a second press, or Enter and a
 * click, while the request runs sends nothing, and after the close the screen shows the closed day.
 */
export function CloseDayForm({ day, openCount, onRefused }: Props) {
  const { t, i18n } = useTranslation('night-audit');
  const lng = i18n.resolvedLanguage ?? 'en';
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [closeDay] = useCloseDayMutation();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // Set from the first press until a refusal: a state update would come too late for a double press.
  const sent = useRef(false);
  const date = formatLongDate(day, lng);

  const submit = async () => {
    if (sent.current) return;
    sent.current = true;
    setPending(true);
    try {
      const trimmed = note.trim();
      await closeDay({ date: day, body: trimmed ? { note: trimmed } : {} }).unwrap();
      void message.success(t('close.done', { date }), 5);
    } catch (error) {
      sent.current = false;
      const code = errorCode(error);
      if (code === 'NOTE_REQUIRED') {
        setNoteError(t('refusals.NOTE_REQUIRED'));
        return;
      }
      const named = refusedDay(error);
      void message.error(code && REFUSALS.has(code) && named ? t(`refusals.${code}`, { date: formatLongDate(named, lng) }) : errorText(error, t('close.failed')), 6);
      if (code && REFUSALS.has(code)) onRefused();
    } finally {
      setPending(false);
    }
  };

  // Once nothing is left open (an arrival marked a no-show meanwhile), the note is no longer asked for.
  const shownError = openCount > 0 ? noteError : null;
  const hint =
    openCount > 0 ? t('close.noteRequired', { count: openCount, n: formatNumber(openCount, lng) }) : t('close.noteOptional');

  return (
    <section aria-labelledby="night-audit-close-heading" className="rounded-lg border border-slate-200 bg-slate-50 p-3 md:p-4" data-testid="night-audit-close">
      <h3 id="night-audit-close-heading" className="mt-0 mb-1 text-base font-semibold text-slate-900">
        {t('close.title')}
      </h3>
      <p id="night-audit-note-hint" className="mt-0 mb-3 text-sm text-slate-700" data-testid="night-audit-note-hint">
        {hint}
      </p>
      <Form layout="vertical" requiredMark onFinish={() => undefined} noValidate>
        <Form.Item
          label={t('close.note')}
          htmlFor="night-audit-note"
          required={openCount > 0}
          validateStatus={shownError ? 'error' : undefined}
          help={shownError ? <span data-testid="night-audit-note-error">{shownError}</span> : undefined}
        >
          <Input.TextArea
            id="night-audit-note"
            aria-describedby="night-audit-note-hint"
            value={note}
            onChange={(e) => {
              setNote(e.target.value);
              setNoteError(null);
            }}
            maxLength={NOTE_MAX}
            autoSize={{ minRows: 2, maxRows: 6 }}
            placeholder={t('close.notePlaceholder')}
            data-testid="night-audit-note"
          />
        </Form.Item>
        <Popconfirm
          title={t('close.confirmTitle', { date })}
          description={<span className="block max-w-72">{t('close.confirmText')}</span>}
          okText={t('close.confirmOk')}
          cancelText={t('close.confirmCancel')}
          onConfirm={submit}
          disabled={pending}
        >
          <Button type="primary" icon={<LockOutlined aria-hidden />} loading={pending} disabled={pending} data-testid="night-audit-close-button">
            {t('close.button')}
          </Button>
        </Popconfirm>
      </Form>
    </section>
  );
}
