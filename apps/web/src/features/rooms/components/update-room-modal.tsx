import type { RoomStatus, TRoom } from '@residency/shared';
import { MAX_ROOM_IMAGES, ROOM_STATUSES } from '@residency/shared/room-rules';
import { ZRoomPatch } from '@residency/shared/rooms';
import { App, Col, Divider, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage, uploadImage } from '../../../lib/upload';
import { useSession } from '../../../lib/use-session';
import { useUpdateRoomMutation } from '../api';
import { changedSections, fieldErrors, roomEditOf, type RoomEdit } from '../room-form-rules';
import { TEMPLATE_FIELDS } from '../../../components/room-template/room-template';
import { ImagePicker } from '../../../components/room-template/image-picker';
import { TemplateFields, Toggles, useValidationText } from '../../../components/room-template/template-inputs';

const TOAST = 'update-room';

/** The Update Room modal of the rooms list (spec section 2), for the room given; closed when null. */
export function UpdateRoomModal({
  room,
  categories,
  onClose,
}: {
  room: TRoom | null;
  categories: readonly string[];
  onClose: () => void;
}) {
  // A fresh form per room, so nothing typed for one room shows up for another.
  return room ? <UpdateRoomDialog key={room._id} room={room} categories={categories} onClose={onClose} /> : null;
}

function UpdateRoomDialog({ room, categories, onClose }: { room: TRoom; categories: readonly string[]; onClose: () => void }) {
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

  const setIn = <S extends 'room_overview' | 'beds_and_bedding' | 'room_features' | 'bath_and_bathroom_features' | 'furniture_and_furnishings'>(
    section: S,
    field: string,
    value: unknown,
  ) => setEdit((e) => ({ ...e, [section]: { ...e[section], [field]: value } }));
  const errorOf = (path: string) => validationText(errors[path]);
  const item = (path: string) => ({
    validateStatus: errors[path] ? ('error' as const) : undefined,
    help: errorOf(path),
  });

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
        uploaded = (await Promise.all(pending.map((file) => uploadImage(file, { purpose: 'content', token })))).map(
          (image) => image.url,
        );
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

  const section = (key: string) => (
    <Divider titlePlacement="start" className="!mt-2">
      {t(`update.sections.${key}`)}
    </Divider>
  );

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
      <Form layout="vertical" component="div" data-testid="update-room-form">
        {section('overview')}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('fields.room_overview.room_number')} htmlFor="update-room-number" {...item('room_overview.room_number')}>
              <Input
                id="update-room-number"
                value={edit.room_overview.room_number}
                onChange={(e) => setIn('room_overview', 'room_number', e.target.value)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('fields.category')} htmlFor="update-room-category" {...item('category')}>
              <Select
                id="update-room-category"
                value={edit.category}
                onChange={(category: string) => setEdit((e) => ({ ...e, category }))}
                options={[...new Set([edit.category, ...categories])].map((name) => ({ value: name, label: name }))}
                showSearch
              />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('fields.room_overview.name')} htmlFor="update-room-name" {...item('room_overview.name')}>
              <Input id="update-room-name" value={edit.room_overview.name} onChange={(e) => setIn('room_overview', 'name', e.target.value)} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('fields.room_overview.description')} htmlFor="update-room-description" {...item('room_overview.description')}>
              <Input.TextArea
                id="update-room-description"
                rows={3}
                value={edit.room_overview.description}
                onChange={(e) => setIn('room_overview', 'description', e.target.value)}
              />
            </Form.Item>
          </Col>
        </Row>

        {section('beds')}
        <TemplateFields
          section="beds_and_bedding"
          idPrefix="update"
          only={['maximum_adults', 'maximum_children', 'beds']}
          value={edit.beds_and_bedding}
          errors={errors}
          onChange={(field, value) => setIn('beds_and_bedding', field, value)}
        />

        {section('features')}
        <Toggles
          section="room_features"
          fields={['air_conditioned', 'non_smoking']}
          value={edit.room_features}
          onChange={(field, value) => setIn('room_features', field, value)}
        />

        {section('bathroom')}
        <Toggles
          section="bath_and_bathroom_features"
          fields={TEMPLATE_FIELDS.bath_and_bathroom_features.map((f) => f.name)}
          value={edit.bath_and_bathroom_features}
          onChange={(field, value) => setIn('bath_and_bathroom_features', field, value)}
        />

        {section('furniture')}
        <Toggles
          section="furniture_and_furnishings"
          fields={TEMPLATE_FIELDS.furniture_and_furnishings.map((f) => f.name)}
          value={edit.furniture_and_furnishings}
          onChange={(field, value) => setIn('furniture_and_furnishings', field, value)}
        />

        {section('priceAndStatus')}
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('fields.price')} htmlFor="update-room-price" {...item('price')}>
              <InputNumber
                id="update-room-price"
                prefix="৳"
                min={0}
                style={{ width: '100%' }}
                value={edit.price}
                // Cleared gives null, kept as such: the check then says 'Price must be a number'.
                onChange={(price) => setEdit((e) => ({ ...e, price: price as number }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('fields.status')} htmlFor="update-room-status" {...item('status')}>
              <Select<RoomStatus>
                id="update-room-status"
                value={edit.status}
                onChange={(status) => setEdit((e) => ({ ...e, status }))}
                options={ROOM_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>

        {section('images')}
        <ImagePicker
          existing={edit.images}
          onRemoveExisting={(url) => setEdit((e) => ({ ...e, images: e.images.filter((u) => u !== url) }))}
          pending={pending}
          onAdd={(files) => setPending((p) => [...p, ...files])}
          onRemovePending={(index) => setPending((p) => p.filter((_, i) => i !== index))}
          max={MAX_ROOM_IMAGES}
          onLimit={() => message.warning(t('messages.maxImages'))}
          hint={t('images.hint')}
          label={t('images.add')}
          testId="update-room-images"
          disabled={saving}
        />
        {errors.images && <div className="mt-2 text-red-600">{errorOf('images')}</div>}
      </Form>
    </Modal>
  );
}
