import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../lib/store-hooks';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage, uploadImage } from '../../../lib/upload';

interface Props {
  id: string;
  /** The uploaded picture's URL, '' when there is none. */
  value: string;
  onChange: (url: string) => void;
  /** Sending waits while a picture is on its way. */
  onBusyChange: (busy: boolean) => void;
  /** A problem the form found with the field (the server refused the link). */
  error?: string;
}

/**
 * The optional picture of the set-up a requester has in mind: uploaded as soon as it is chosen
 * (`purpose: 'event'`, with or without an account), shown at once from the file while it goes
 * up, with Remove, and the reason when it fails.
 */
export function PreferenceImageField({ id, value, onChange, onBusyChange, error }: Props) {
  const { t } = useTranslation('events');
  const errorText = useErrorText();
  const token = useAppSelector((state) => state.auth.token);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);

  // The local preview is a blob URL: let the browser free it once it is replaced or the form goes.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // Leaving the page stops an upload on its way.
  useEffect(() => () => upload.current?.abort(), []);

  const setWorking = (working: boolean) => {
    setBusy(working);
    onBusyChange(working);
  };

  const choose = async (file: File | undefined) => {
    upload.current?.abort();
    setFailure(null);
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setFailure(t('form.image.notImage'));
      return;
    }
    const controller = new AbortController();
    upload.current = controller;
    setPreview(URL.createObjectURL(file));
    onChange('');
    setWorking(true);
    try {
      const stored = await uploadImage(file, { purpose: 'event', token, signal: controller.signal });
      if (!controller.signal.aborted) onChange(stored.url);
    } catch (err) {
      if (controller.signal.aborted) return;
      setPreview(null);
      // The same file may be chosen again (after a dropped connection): a change must still fire.
      if (input.current) input.current.value = '';
      const fallback = t('form.image.failed');
      // The server's reason (too large, not an image) in the reader's language; ours for anything else.
      setFailure(uploadFailureMessage(err, fallback) === fallback ? fallback : errorText(err, fallback));
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setWorking(false);
      }
    }
  };

  const remove = () => {
    upload.current?.abort();
    upload.current = null;
    setWorking(false);
    setPreview(null);
    setFailure(null);
    onChange('');
    if (input.current) {
      input.current.value = '';
      // The Remove button goes away with the picture: the keyboard moves to the chooser.
      input.current.focus();
    }
  };

  const shown = preview && (busy || value) ? preview : null;
  const problem = failure ?? error;
  const describedBy = [`${id}-hint`, problem ? `${id}-error` : null].filter(Boolean).join(' ');

  return (
    <div>
      <p id={`${id}-label`} className="field-label">
        {t('form.image.label')} <span className="font-normal text-slate-600">{t('form.optional')}</span>
      </p>
      <p id={`${id}-hint`} className="mb-2 text-sm text-slate-600">
        {t('form.image.hint')}
      </p>
      {shown && (
        <figure className="mb-3 flex items-center gap-4 rounded-xl border border-slate-200 bg-sand-50 p-3" data-testid="preference-image">
          <img src={shown} alt={t('form.image.previewAlt')} className="h-20 w-28 shrink-0 rounded-lg object-cover" />
          <figcaption className="min-w-0 flex-1 text-sm">
            <span className={`block font-medium ${busy ? 'text-slate-700' : 'text-green-800'}`} role="status">
              {busy ? t('form.image.uploading') : t('form.image.uploaded')}
            </span>
            <button type="button" className="mt-2 font-semibold text-red-700 underline-offset-2 hover:underline" onClick={remove}>
              {t('form.image.remove')}
            </button>
          </figcaption>
        </figure>
      )}
      {/* Always there, so the keyboard stays on it while the picture goes up. */}
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        className="peer sr-only"
        aria-labelledby={`${id}-label ${id}-button`}
        aria-describedby={describedBy}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => void choose(e.target.files?.[0])}
        data-testid="preference-image-input"
      />
      <label
        htmlFor={id}
        id={`${id}-button`}
        className="btn-outline cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-500"
      >
        <PictureIcon className="h-5 w-5" />
        {shown ? t('form.image.replace') : t('form.image.choose')}
      </label>
      {problem && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}

function PictureIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 16 5-5 4 4 3-3 6 6M15.5 9.5h.01" />
    </svg>
  );
}
