import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { Avatar } from '../../../components/avatar';
import { updateProfile } from '../../auth';
import { FormAlert } from '../../../components/form-alert';
import { TextField } from '../../../components/text-field';
import { useSession } from '../../../lib/use-session';
import { uploadFailureMessage, uploadImage } from '../../../lib/upload';
import { getSite } from '../../../lib/site';
import { useErrorText } from '../../../lib/server-error';
import { ChangePasswordSection } from '../components/change-password-section';
import { RegisterErasureSection } from '../components/register-erasure-section';
import { PhoneSmsSection } from '../components/phone-sms-section';

type Field = 'name' | 'phone' | 'address' | 'image';

/** /profile: the signed-in person's details, membership number and password change. */
export default function ProfilePage() {
  const { t } = useTranslation('users');
  const dispatch = useAppDispatch();
  const { user, token, dashboard } = useSession();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', phone: '', address: '', image: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [status, setStatus] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const authError = useAppSelector((state) => state.auth.error);
  const errorText = useErrorText();

  useEffect(() => {
    document.title = `${t('profile.title')} | ${getSite().name}`;
  }, [t]);

  useEffect(() => {
    if (user) setValues({ name: user.name, phone: user.phone ?? '', address: user.address ?? '', image: user.image ?? '' });
  }, [user]);

  if (!user) return null;
  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [field]: e.target.value }));

  // The picture is optimised and uploaded at once; its URL goes into the link field and is kept on Save.
  const choosePhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    setStatus(null);
    try {
      const image = await uploadImage(file, { purpose: 'profile', token });
      setValues((v) => ({ ...v, image: image.url }));
      setErrors((e) => ({ ...e, image: undefined }));
      setStatus({ tone: 'success', text: t('profile.photoReady') });
    } catch (error) {
      setStatus({ tone: 'error', text: uploadFailureMessage(error, t('profile.uploadFailed')) });
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (uploading) return;
    const next: typeof errors = {};
    if (!values.name.trim()) next.name = t('profile.validation.name');
    if (values.phone.trim() && !/^[+\d][\d\s()-]{5,}$/.test(values.phone.trim())) next.phone = t('profile.validation.phone');
    if (values.image.trim() && !/^(https?:\/\/|\/)/i.test(values.image.trim())) next.image = t('profile.validation.image');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    setStatus(null);
    const result = await dispatch(
      updateProfile({
        name: values.name.trim(),
        phone: values.phone.trim(),
        address: values.address.trim(),
        image: values.image.trim(),
      }),
    );
    setBusy(false);
    if (updateProfile.fulfilled.match(result)) setStatus({ tone: 'success', text: t('profile.saved') });
    else setStatus({ tone: 'error', text: errorText(result.payload ?? authError, t('profile.failed')) });
  };

  return (
    <section className="container-page py-10 sm:py-14">
      <div className="grid gap-6 lg:grid-cols-[320px_1fr]">
        <aside className="card flex flex-col items-center text-center">
          <Avatar image={user.image} name={user.name} size={96} />
          <h1 className="mt-4 font-display text-2xl text-brand-800">{user.name}</h1>
          <p className="text-sm text-slate-600">{user.email}</p>
          <div className="mt-5 w-full rounded-xl bg-gradient-to-br from-brand-800 to-brand-500 p-4 text-left text-white">
            <p className="text-xs tracking-widest text-gold-300 uppercase">{t('profile.membership')}</p>
            <p className="mt-1 font-mono text-2xl tracking-wider" data-testid="membership-number">
              {user.membershipNumber}
            </p>
            <p className="mt-2 text-xs text-brand-100">{t(`roles.${user.role}`)}</p>
          </div>
          <Link to="/membership-benefits" className="mt-4 text-sm font-medium text-brand-700 underline">
            {t('profile.benefits')}
          </Link>
          {dashboard && (
            <Link to={dashboard} className="btn-outline mt-4 w-full">
              {t('profile.dashboard')}
            </Link>
          )}
        </aside>
        <div className="flex min-w-0 flex-col gap-6">
          <div className="card">
            <h2 className="font-display text-xl text-brand-800">{t('profile.edit')}</h2>
            <p className="mt-1 text-sm text-slate-600">{t('profile.editHint')}</p>
            <div className="mt-5">{status && <FormAlert tone={status.tone}>{status.text}</FormAlert>}</div>
            <form className="grid gap-4 sm:grid-cols-2" onSubmit={submit} noValidate>
              <TextField label={t('profile.fields.name')} value={values.name} onChange={set('name')} error={errors.name} autoComplete="name" />
              <TextField label={t('profile.fields.phone')} type="tel" value={values.phone} onChange={set('phone')} error={errors.phone} autoComplete="tel" />
              <div className="sm:col-span-2">
                <TextField label={t('profile.fields.address')} value={values.address} onChange={set('address')} autoComplete="street-address" />
              </div>
              <div className="flex items-center gap-4 sm:col-span-2">
                {values.image ? (
                  <img
                    src={values.image}
                    alt={t('profile.preview')}
                    width={64}
                    height={64}
                    className="h-16 w-16 shrink-0 rounded-full object-cover ring-2 ring-gold-400"
                    referrerPolicy="no-referrer"
                    data-testid="profile-image-preview"
                  />
                ) : (
                  <Avatar image={null} name={user.name} size={64} />
                )}
                <div>
                  <label className={`btn-outline cursor-pointer focus-within:ring-2 focus-within:ring-brand-500 ${uploading ? 'pointer-events-none opacity-60' : ''}`}>
                    {uploading ? t('profile.uploading') : t('profile.uploadPhoto')}
                    <input
                      type="file"
                      accept="image/*"
                      className="sr-only"
                      onChange={choosePhoto}
                      disabled={uploading}
                      data-testid="profile-photo-input"
                    />
                  </label>
                  <p className="mt-1 text-xs text-slate-500">{t('profile.uploadHint')}</p>
                </div>
              </div>
              <div className="sm:col-span-2">
                <TextField
                  label={t('profile.fields.image')}
                  type="url"
                  value={values.image}
                  onChange={set('image')}
                  error={errors.image}
                  hint={t('profile.imageHint')}
                  placeholder="https://"
                />
              </div>
              <div className="sm:col-span-2">
                <button type="submit" className="btn-primary" disabled={busy || uploading}>
                  {busy ? t('profile.saving') : t('profile.save')}
                </button>
              </div>
            </form>
          </div>
          <PhoneSmsSection user={user} token={token} />
          <ChangePasswordSection />
          <RegisterErasureSection />
        </div>
      </div>
    </section>
  );
}
