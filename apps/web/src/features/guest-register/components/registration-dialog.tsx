import { LoginOutlined } from '@ant-design/icons';
import { ZRegistrationNote } from '@residency/shared';
import { Alert, Button, Form, Input, Skeleton } from 'antd';
import { Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRegisterErrorText } from '../use-register-error';
import { GuestRegisterForm, type RegisterFormState } from './guest-register-form';

interface Props {
  bookingId: string;
  /** "Room 301 · Farhana Akter": which stay is checked in. */
  subject: string;
  /** Why the server refused the check-in (409 REGISTRATION_INCOMPLETE's sentences, English). */
  missing?: string[] | null;
  /** Checks the room in, with the note when the cards are not complete; throws the refusal. */
  onCheckIn: (registrationNote?: string) => Promise<void>;
  onClose: () => void;
}

/**
 * The desk's check-in of a room whose registration cards are not complete (issue 34): the cards
 * to fill (the documents checked against each guest, the photos taken with the tablet's camera),
 * then "Check in" once complete, or "Check in without complete cards" with a note saying why.
 */
export function RegistrationDialog(props: Props) {
  // Its texts may still be loading when the desk first presses Check in.
  return (
    <Suspense fallback={<Skeleton active />}>
      <Dialog {...props} />
    </Suspense>
  );
}

function Dialog({ bookingId, subject, missing, onCheckIn, onClose }: Props) {
  const { t, i18n } = useTranslation('guest-register');
  return (
    <div className="flex flex-col gap-3" data-testid="registration-dialog">
      {/* The title ("Registration cards") is the dialog's own, which names it. */}
      <p className="m-0 text-sm font-medium text-slate-900" data-testid="registration-dialog-subject">
        {subject}
      </p>
      <p className="m-0 text-sm text-slate-700">{t('dialog.intro')}</p>
      {/* The server's own sentences are English: in Bengali the cards below say what is missing. */}
      {missing && missing.length > 0 && i18n.resolvedLanguage !== 'bn' && (
        <Alert
          type="warning"
          showIcon
          title={t('dialog.refused')}
          description={
            <ul className="m-0 pl-4">
              {missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          }
          data-testid="registration-missing"
        />
      )}
      <GuestRegisterForm bookingId={bookingId} audience="desk" footer={(state) => <CheckInFooter state={state} onCheckIn={onCheckIn} onClose={onClose} />} />
    </div>
  );
}

function CheckInFooter({ state, onCheckIn, onClose }: { state: RegisterFormState; onCheckIn: Props['onCheckIn']; onClose: () => void }) {
  const { t } = useTranslation('guest-register');
  const errorText = useRegisterErrorText();
  const noteId = useId();
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A second press while the check-in runs does nothing (the spinner comes a render too late).
  const running = useRef(false);

  const checkIn = async (withNote: boolean) => {
    if (running.current) return;
    let registrationNote: string | undefined;
    if (withNote) {
      const parsed = ZRegistrationNote.safeParse(note);
      if (!parsed.success) {
        setNoteError(t('dialog.noteNeeded'));
        return;
      }
      registrationNote = parsed.data;
    }
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      // What the desk typed is kept first: the check-in reads the cards as saved.
      if (state.dirty && !(await state.save())) return;
      await onCheckIn(registrationNote);
    } catch (err) {
      setError(errorText(err, t('dialog.failed')));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-3" data-testid="registration-check-in">
      {error && <Alert type="error" showIcon role="alert" title={error} data-testid="registration-check-in-error" />}
      {state.complete ? (
        <div className="flex flex-wrap justify-end gap-2">
          <Button onClick={onClose}>{t('dialog.close')}</Button>
          <Button type="primary" icon={<LoginOutlined aria-hidden />} loading={busy} onClick={() => void checkIn(false)} data-testid="registration-check-in-complete">
            {t('dialog.checkIn')}
          </Button>
        </div>
      ) : (
        <section aria-labelledby={`${noteId}-heading`} className="flex flex-col gap-2">
          <h3 id={`${noteId}-heading`} className="m-0 text-base font-semibold text-slate-900">
            {t('dialog.withoutTitle')}
          </h3>
          <p className="m-0 text-sm text-slate-700">{t('dialog.withoutText')}</p>
          <Form layout="vertical" component={false}>
            <Form.Item label={t('dialog.note')} htmlFor={noteId} validateStatus={noteError ? 'error' : undefined} help={noteError} className="!mb-0">
              <Input.TextArea
                id={noteId}
                value={note}
                maxLength={500}
                autoSize={{ minRows: 2, maxRows: 5 }}
                status={noteError ? 'error' : undefined}
                aria-invalid={noteError ? true : undefined}
                onChange={(e) => {
                  setNote(e.target.value);
                  setNoteError(null);
                }}
                data-testid="registration-note"
              />
            </Form.Item>
          </Form>
          <div className="flex flex-wrap justify-end gap-2">
            <Button onClick={onClose}>{t('dialog.close')}</Button>
            <Button type="primary" danger icon={<LoginOutlined aria-hidden />} loading={busy} onClick={() => void checkIn(true)} data-testid="registration-check-in-note">
              {t('dialog.checkInWithout')}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
