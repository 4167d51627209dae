import { ROLES, type Role } from '@residency/shared/roles';
import { ZInviteRequest } from '@residency/shared/users';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useInviteUserMutation } from '../api';
import { errorCode } from '../../../lib/server-error';
import { serverFieldErrors, useUsersErrorText } from '../user-errors';

interface Values {
  name: string;
  email: string;
  role: Role;
}

type Field = keyof Values;

/** The contract's English messages, each with its key in `users:invite.validation` for the reader's language. */
const CONTRACT_MESSAGES: Record<string, string> = {
  'Name is required.': 'nameRequired',
  'Name must be at most 100 characters.': 'nameTooLong',
  'E-mail is required.': 'emailRequired',
  'E-mail is too long.': 'emailTooLong',
  'Enter a valid e-mail address.': 'emailInvalid',
  'Role must be admin, user or staff.': 'role',
};

/** Staff first: inviting colleagues is what the button is for. */
const ROLE_ORDER: readonly Role[] = ['staff', 'admin', 'user'];

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * Admin › Users › Invite staff: a name, an e-mail and a role. Each field is checked by the
 * shared contract of `POST /api/users/invite`; the server makes the account and mails a
 * one-hour link to choose a password.
 */
export function InviteStaffModal({ open, onClose }: Props) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const errorText = useUsersErrorText();
  const [form] = Form.useForm<Values>();
  const [invite, { isLoading }] = useInviteUserMutation();
  const role = Form.useWatch('role', form) ?? 'staff';

  const say = (zodMessage: string) => {
    const key = CONTRACT_MESSAGES[zodMessage];
    return key ? t(`invite.validation.${key}`) : zodMessage;
  };

  // One field at a time through the contract's own schema, so the form and the server agree.
  const contractRule = (field: Field) => ({
    validator: async (_: unknown, value: unknown) => {
      const parsed = ZInviteRequest.shape[field].safeParse(value ?? '');
      if (!parsed.success) throw new Error(say(parsed.error.issues[0]?.message ?? ''));
    },
  });

  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async (values: Values) => {
    const body = ZInviteRequest.parse(values);
    try {
      const result = await invite(body).unwrap();
      message.success(t('invite.sent', { email: result.data.email }), 5);
      close();
    } catch (err) {
      const text = errorText(err, t('invite.failed'));
      // The server's reasons go beside their fields too: a taken e-mail, or a field the contract refused.
      const fields = serverFieldErrors((err as { data?: unknown }).data);
      const onFields = (['name', 'email', 'role'] as const)
        .filter((name) => fields[name])
        .map((name) => ({ name, errors: [say(fields[name]!)] }));
      if (errorCode(err) === 'EMAIL_TAKEN') onFields.push({ name: 'email', errors: [text] });
      form.setFields(onFields);
      message.error(text, 5);
    }
  };

  return (
    <Modal
      open={open}
      title={t('invite.title')}
      okText={t('invite.submit')}
      cancelText={t('invite.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={isLoading}
      width={520}
      forceRender
      destroyOnHidden={false}
    >
      <p className="!mt-1 text-sm text-slate-600">{t('invite.intro')}</p>
      <Form<Values> form={form} layout="vertical" name="invite" initialValues={{ role: 'staff' }} onFinish={submit} className="!mt-4">
        <Form.Item name="name" label={t('invite.name')} rules={[contractRule('name')]} validateTrigger="onBlur">
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item name="email" label={t('invite.email')} rules={[contractRule('email')]} validateTrigger="onBlur">
          <Input type="email" autoComplete="off" inputMode="email" />
        </Form.Item>
        <Form.Item name="role" label={t('invite.role')} extra={t(`invite.roleHint.${role}`)} rules={[contractRule('role')]} className="!mb-0">
          <Select<Role>
            data-testid="invite-role"
            options={ROLE_ORDER.filter((r) => ROLES.includes(r)).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
