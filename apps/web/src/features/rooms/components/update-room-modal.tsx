import type { TRoom } from '@residency/shared';
import { ZRoomPatch } from '@residency/shared/rooms';
import { App, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useValidationText } from '../../../components/room-template/template-inputs';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage } from '../../../lib/upload';
import { useSession } from '../../../lib/use-session';
import { HistoryPanel } from '../../audit';
import { useUpdateRoomMutation } from '../api';
import { changedSections, fieldErrors, roomEditOf, type RoomEdit } from '../room-form-rules';
import { RoomForm, uploadRoomImages } from './room-form';

const TOAST = 'update-room';

/** The Update Room modal of the rooms list (spec section 2), for the room given; closed when null. */
export function UpdateRoomModal({
  room,
  categories,
  offerPrices,
  onClose,
}: {
  room: TRoom | null;
  categories: readonly string[];
  /** Each category's offer price, by name (the form says the room's supplement over it). */
  offerPrices?: Readonly<Record<string, number>>;
  onClose: () => void;
}) {
  // A fresh form per room, so nothing typed for one room shows up for another.
  return room ? <UpdateRoomDialog key={room._id} room={room} categories={categories} offerPrices={offerPrices} onClose={onClose} /> : null;
}

function UpdateRoomDialog({
  room,
  categories,
  offerPrices,
  onClose,
}: {
  room: TRoom;
  categories: readonly string[];
  offerPrices?: Readonly<Record<string, number>>;
  onClose: () => void;
}) {
  const { t } = useTranslation('rooms');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const { token } = useSession();
  const validationText = useValidationText();
  const [updateRoom] = useUpdateRoomMutation();
  const [open, setOpen] = useState(true);
  const [edit, setEdit] = useState<RoomEdit>(() => roomEditOf(room));
  const [pending, setPending] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const save = async () => {
    // Checked before anything is uploaded: a mistake costs no upload.
    const check = ZRoomPatch.safeParse(changedSections(room, edit, edit.images));
    if (!check.success) {
      const found = fieldErrors(check.error.issues);
      setErrors(found);
      message.error(validationText(Object.values(found)[0]) ?? t('messages.updateFailed'));
      return;
    }
    setErrors({});
    setSaving(true);
    message.open({ key: TOAST, type: 'loading', content: t('messages.updating'), duration: 0 });
    try {
      let uploaded: string[];
      try {
        uploaded = await uploadRoomImages(pending, token);
      } catch (error) {
        message.open({ key: TOAST, type: 'error', content: uploadFailureMessage(error, t('messages.uploadFailed')), duration: 4 });
        return;
      }
      const payload = changedSections(room, edit, [...edit.images, ...uploaded]);
      if (Object.keys(payload).length > 0) await updateRoom({ id: room._id, payload }).unwrap();
      message.open({ key: TOAST, type: 'success', content: t('messages.updated'), duration: 3 });
      setOpen(false);
    } catch (error) {
      message.open({ key: TOAST, type: 'error', content: errorText(error, t('messages.updateFailed')), duration: 4 });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('update.title')}
      width={800}
      okText={t('update.save')}
      cancelText={t('update.cancel')}
      onOk={() => void save()}
      onCancel={() => !saving && setOpen(false)}
      afterClose={onClose}
      confirmLoading={saving}
      mask={{ closable: !saving }}
    >
      <RoomForm
        kind="update"
        value={edit}
        onChange={setEdit}
        categories={categories}
        offerPrices={offerPrices}
        onCategory={(category) => setEdit((e) => ({ ...e, category }))}
        errors={errors}
        pending={pending}
        onPending={setPending}
        busy={saving}
      />
      {/* Who changed the room, its status and its blocks, and when: the admin's only (issue 35). */}
      <HistoryPanel entity="room" entityId={room._id} />
    </Modal>
  );
}
