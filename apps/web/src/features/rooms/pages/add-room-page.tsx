import { ZRoomInput } from '@residency/shared/rooms';
import { App, Button, Card, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { useGetCategoriesQuery } from '../../../lib/categories-api';
import { useErrorText } from '../../../lib/server-error';
import { uploadFailureMessage } from '../../../lib/upload';
import { useSession } from '../../../lib/use-session';
import { useCreateRoomMutation } from '../api';
import { RoomForm, uploadRoomImages } from '../components/room-form';
import { fieldErrors, roomDraftFromCategory, roomInputFromDraft, type RoomDraft } from '../room-form-rules';

const TOAST = 'add-room';

/** The server's field errors (400 with `errors`), by path. */
function serverFieldErrors(error: unknown): Record<string, string> {
  const list = (error as { data?: { errors?: { path: string; message: string }[] } } | undefined)?.data?.errors;
  return fieldErrors((list ?? []).map((e) => ({ path: e.path.split('.'), message: e.message })));
}

function scrollToFirstError() {
  requestAnimationFrame(() =>
    document.querySelector('.ant-form-item-has-error')?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
  );
}

/**
 * Admin › Add Room (spec section 2): choose a category, adjust its template, set price and
 * status, add images (the fields: components/room-form.tsx). The room is checked before
 * anything is uploaded; then the new pictures go up, the room is created, and the admin lands on
 * the rooms list.
 */
export default function AddRoomPage() {
  const { t } = useTranslation('rooms');
  const errorText = useErrorText();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { token } = useSession();
  const { data: categoryData, isLoading: loadingCategories } = useGetCategoriesQuery();
  const [createRoom] = useCreateRoomMutation();
  const [draft, setDraft] = useState<RoomDraft | null>(null);
  const [pending, setPending] = useState<File[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const categories = [...(categoryData?.data ?? [])].sort((a, b) => a.name.localeCompare(b.name));

  const chooseCategory = (name: string) => {
    const category = categories.find((c) => c.name === name);
    if (!category) return;
    setDraft(roomDraftFromCategory(category));
    setErrors({});
  };

  const submit = async () => {
    if (busy) return;
    if (!draft) {
      setErrors({ category: 'Category is required' });
      return;
    }
    const check = ZRoomInput.safeParse(roomInputFromDraft(draft, []));
    if (!check.success) {
      setErrors(fieldErrors(check.error.issues));
      message.error(t('messages.fixErrors'));
      scrollToFirstError();
      return;
    }
    setErrors({});
    setBusy(true);
    message.open({ key: TOAST, type: 'loading', content: t('messages.preparing'), duration: 0 });
    try {
      let images: string[];
      try {
        images = await uploadRoomImages(pending, token);
      } catch (error) {
        message.open({ key: TOAST, type: 'error', content: uploadFailureMessage(error, t('messages.uploadImagesFailed')), duration: 5 });
        return;
      }
      message.open({ key: TOAST, type: 'loading', content: t('messages.adding'), duration: 0 });
      await createRoom(roomInputFromDraft(draft, images)).unwrap();
      message.open({ key: TOAST, type: 'success', content: t('messages.added'), duration: 5 });
      navigate('/admin/room-management');
    } catch (error) {
      setErrors(serverFieldErrors(error));
      message.open({ key: TOAST, type: 'error', content: errorText(error, t('messages.somethingWentWrong')), duration: 5 });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card classNames={{ body: '!p-3 sm:!p-6' }}>
      <div className="mb-5">
        <ScreenHeading title={t('add.title')} />
        <Typography.Text type="secondary">{t('add.subtitle')}</Typography.Text>
      </div>
      <RoomForm
        kind="add"
        value={draft}
        onChange={(update) => setDraft((d) => (d ? update(d) : d))}
        categories={categories.map((c) => c.name)}
        offerPrices={Object.fromEntries(categories.map((c) => [c.name, c.offerPrice]))}
        categoriesLoading={loadingCategories}
        onCategory={chooseCategory}
        errors={errors}
        pending={pending}
        onPending={setPending}
        busy={busy}
        onSubmit={() => void submit()}
      >
        <div className="flex justify-end gap-2">
          <Button onClick={() => navigate('/admin/room-management')} disabled={busy}>
            {t('add.cancel')}
          </Button>
          <Button type="primary" htmlType="submit" loading={busy} disabled={!draft}>
            {t('add.submit')}
          </Button>
        </div>
      </RoomForm>
    </Card>
  );
}
