import { CameraOutlined, CheckCircleFilled, IdcardOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { MAX_UPLOAD_BYTES, MESSAGES, type TGuestPhoto, type TGuestPhotoKind } from '@residency/shared';
import { Button, Spin } from 'antd';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/http';
import { optimizeImage } from '../../../lib/image-optimizer';
import { photoPath, useAddGuestPhotoMutation } from '../api';
import { usePhotoUrl } from '../use-photo-url';
import { useRegisterErrorText } from '../use-register-error';

interface Props {
  bookingId: string;
  /** The card's id once saved (a photo needs it). */
  cardId: string | undefined;
  kind: TGuestPhotoKind;
  photo: TGuestPhoto | null;
  /** Whose photo: "Guest 1" or the guest's name, for the buttons' and the picture's names. */
  guest: string;
  readOnly?: boolean;
  /** Saves the card when it has no id yet; resolves its id, or null when the save was refused. */
  ensureCard: () => Promise<string | null>;
}

/**
 * One photo of a card (issue 34): the ID document or the guest's portrait. "Take photo" opens the
 * phone or tablet's camera (`capture`: the back camera for a document, the front one for a
 * portrait), "Upload" picks a file; the picture is made smaller in the browser, sent once the
 * card is saved, and shown back from the API with the bearer token. A new one replaces it.
 */
export function PhotoSlot({ bookingId, cardId, kind, photo, guest, readOnly = false, ensureCard }: Props) {
  const { t } = useTranslation('guest-register');
  const errorText = useRegisterErrorText();
  const titleId = useId();
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const [addPhoto] = useAddGuestPhotoMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A second picture chosen while one is going up waits for nothing: it is ignored.
  const running = useRef(false);
  const { url, failed } = usePhotoUrl(photo && cardId ? photoPath(bookingId, cardId, photo._id) : null);
  const title = t(`photos.${kind}.title`);

  const send = async (file: File | undefined) => {
    if (!file || running.current) return;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      const id = await ensureCard();
      if (!id) {
        setError(t('photos.saveFirst'));
        return;
      }
      const ready = await optimizeImage(file);
      if (ready.size > MAX_UPLOAD_BYTES) throw new ApiError(413, MESSAGES.fileTooLarge, 'FILE_TOO_LARGE');
      await addPhoto({ id: bookingId, guestId: id, kind, file: ready, name: ready.name || `${kind}.jpg` }).unwrap();
    } catch (err) {
      setError(errorText(err, t('photos.failed')));
    } finally {
      running.current = false;
      setBusy(false);
      if (camera.current) camera.current.value = '';
      if (picker.current) picker.current.value = '';
    }
  };

  const Placeholder = kind === 'document' ? IdcardOutlined : UserOutlined;

  return (
    <div role="group" aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 bg-white p-2.5" data-testid={`photo-${kind}`}>
      <div className="flex items-center justify-between gap-2">
        <span id={titleId} className="text-sm font-medium text-slate-800">
          {title}
        </span>
        {photo && (
          <span className="flex items-center gap-1 text-xs font-medium text-green-800" data-testid="photo-saved">
            <CheckCircleFilled aria-hidden /> {t('photos.saved')}
          </span>
        )}
      </div>
      <div className="flex h-36 items-center justify-center overflow-hidden rounded-md bg-slate-100" aria-busy={busy}>
        {busy ? (
          <Spin aria-label={t('photos.sending')} />
        ) : url ? (
          <img src={url} alt={t(`photos.${kind}.alt`, { guest })} className="h-full w-full object-contain" data-testid="photo-preview" />
        ) : (
          <span className="flex flex-col items-center gap-1 px-2 text-center text-xs text-slate-600">
            <Placeholder className="text-2xl text-slate-400" aria-hidden />
            {photo ? (failed ? t('photos.unreadable') : t('photos.loading')) : t(`photos.${kind}.hint`)}
          </span>
        )}
      </div>
      {!readOnly && (
        <div className="grid grid-cols-2 gap-2">
          <Button
            icon={<CameraOutlined aria-hidden />}
            onClick={() => camera.current?.click()}
            disabled={busy}
            aria-label={t('photos.buttonLabel', { action: photo ? t('photos.retake') : t('photos.take'), what: title, guest })}
            data-testid={`photo-${kind}-camera`}
          >
            {photo ? t('photos.retake') : t('photos.take')}
          </Button>
          <Button
            icon={<UploadOutlined aria-hidden />}
            onClick={() => picker.current?.click()}
            disabled={busy}
            aria-label={t('photos.buttonLabel', { action: photo ? t('photos.replace') : t('photos.upload'), what: title, guest })}
            data-testid={`photo-${kind}-upload`}
          >
            {photo ? t('photos.replace') : t('photos.upload')}
          </Button>
          {/* The buttons above are what a person uses; the inputs only open the camera or the files. */}
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture={kind === 'document' ? 'environment' : 'user'}
            hidden
            tabIndex={-1}
            aria-hidden
            onChange={(e) => void send(e.target.files?.[0])}
            data-testid={`photo-${kind}-camera-input`}
          />
          <input
            ref={picker}
            type="file"
            accept="image/jpeg,image/png,image/webp,image/heic,image/heif,image/*"
            hidden
            tabIndex={-1}
            aria-hidden
            onChange={(e) => void send(e.target.files?.[0])}
            data-testid={`photo-${kind}-file-input`}
          />
        </div>
      )}
      {error && (
        <p role="alert" className="m-0 text-sm text-red-700" data-testid="photo-error">
          {error}
        </p>
      )}
    </div>
  );
}
