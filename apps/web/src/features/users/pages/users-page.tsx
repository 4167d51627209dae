import { DeleteOutlined, HistoryOutlined, SearchOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Role, TUserListItem } from '@residency/shared';
import { App, Button, Card, Input, Modal, Popconfirm, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/use-session';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { HistoryPanel } from '../../audit';
import { useDeleteUserMutation, useGetUsersQuery, useUpdateUserRoleMutation } from '../api';
import { InviteStaffModal } from '../components/invite-staff-modal';
import { useUsersErrorText } from '../user-errors';
import { LoadError } from '../../../components/dashboard/load-error';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';
import { CardActions, ResponsiveList, usePhoneLayout } from '../../../components/dashboard/responsive-list';

const ROLE_COLORS: Record<Role, string> = { admin: 'gold', staff: 'blue', user: 'green' };
// Tag text darkened to pass contrast on the tinted backgrounds.
const ROLE_TEXT: Record<Role, string> = { admin: '!text-amber-900', staff: '!text-blue-800', user: '!text-green-800' };

/**
 * Admin › Users (spec section 2): search, invitations, role changes (asked before they are
 * sent), deletion, pagination. The admin's own row offers neither: the server refuses both.
 * On phones the rows become cards.
 */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const { message, modal } = App.useApp();
  const errorText = useUsersErrorText();
  const { user: me } = useSession();
  const phone = usePhoneLayout();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [inviting, setInviting] = useState(false);
  // The role a dropdown shows while its change waits for the admin's yes.
  const [pending, setPending] = useState<{ id: string; role: Role } | null>(null);
  const searchTerm = useDebouncedValue(search.trim());
  const { data, isFetching, isError, error, refetch } = useGetUsersQuery({ page, searchTerm });
  const [updateRole] = useUpdateUserRoleMutation();
  const [deleteUser] = useDeleteUserMutation();
  const users = data?.data ?? [];
  // The account whose change history is open (issue 35): in the address, so the audit trail links to it.
  const [params, setParams] = useSearchParams();
  const historyId = params.get('history');
  const historyOf = users.find((u) => u._id === historyId);
  const showHistory = (id: string | null) => setParams(id ? { history: id } : {}, { replace: !id });
  const roleName = (role: Role) => t(`roles.${role}`);
  // A guest booked at the desk with a name and phone only has no e-mail (and can't sign in yet).
  const emailText = (email: string | null) => email ?? <span className="text-slate-500 italic">{t('noEmail')}</span>;

  const askRoleChange = (row: TUserListItem, role: Role) => {
    if (role === row.role) return;
    setPending({ id: row._id, role });
    modal.confirm({
      title: t('confirmRole.title'),
      content: t('confirmRole.text', { name: row.name, from: roleName(row.role), to: roleName(role) }),
      okText: t('confirmRole.ok', { role: roleName(role) }),
      cancelText: t('confirmRole.cancel', { from: roleName(row.role) }),
      // Cancelling (button, Escape, the mask) leaves the role as it was.
      onCancel: () => setPending(null),
      onOk: async () => {
        try {
          await updateRole({ id: row._id, role }).unwrap();
          message.success(t('messages.roleUpdated'));
        } catch (err) {
          message.error(errorText(err, t('messages.somethingWentWrong')), 5);
        } finally {
          setPending(null);
        }
      },
    });
  };

  const remove = async (row: TUserListItem) => {
    try {
      await deleteUser(row._id).unwrap();
      message.success(t('messages.deleted'), 3);
    } catch (err) {
      // The spec's fallback is lower case here; the server's reason wins when it sent one.
      message.error(errorText(err, t('messages.deleteFailed')), 5);
    }
  };

  const isMe = (row: TUserListItem) => row._id === me?._id;

  const roleTag = (role: Role) => (
    <Tag color={ROLE_COLORS[role]} className={`!m-0 ${ROLE_TEXT[role]}`}>
      {roleName(role).toUpperCase()}
    </Tag>
  );

  // On a card the dropdown and Delete share the card's width (a Bengali role name needs the room).
  const historyButton = (row: TUserListItem) => (
    <Button icon={<HistoryOutlined aria-hidden />} onClick={() => showHistory(row._id)} aria-label={t('historyOf', { name: row.name })} data-testid={`history-${row.email ?? row.membershipNumber}`}>
      {t('history')}
    </Button>
  );

  const actions = (row: TUserListItem, card = false) => {
    if (isMe(row))
      return (
        <div className="flex flex-col items-start gap-2">
          <span className="text-sm text-slate-600" data-testid={`self-${row.email}`}>
            {t('selfHint')}
          </span>
          {historyButton(row)}
        </div>
      );
    const controls = (
      <>
        <Select<Role>
          value={pending?.id === row._id ? pending.role : row.role}
          style={{ width: card ? '100%' : 130 }}
          aria-label={t('updateRole', { name: row.name })}
          data-testid={`role-select-${row.email}`}
          onChange={(role) => askRoleChange(row, role)}
          options={(['admin', 'user', 'staff'] as const).map((r) => ({ value: r, label: roleName(r) }))}
        />
        <Popconfirm
          title={t('confirmDelete.title')}
          description={<span className="block max-w-64">{t('confirmDelete.text', { name: row.name })}</span>}
          okText={t('confirmDelete.ok')}
          cancelText={t('confirmDelete.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove(row)}
        >
          <Button danger className="enabled:!text-red-700" icon={<DeleteOutlined aria-hidden />} data-testid={`delete-${row.email}`} aria-label={t('deleteName', { name: row.name })}>
            {t('delete')}
          </Button>
        </Popconfirm>
        {historyButton(row)}
      </>
    );
    return card ? <CardActions>{controls}</CardActions> : <div className="flex flex-wrap items-center gap-2">{controls}</div>;
  };

  const nameCell = (row: TUserListItem) => (
    <span className="break-words">
      {row.name}
      {isMe(row) && (
        <Tag color="purple" className="!ml-2 !text-purple-900">
          {t('you')}
        </Tag>
      )}
    </span>
  );

  const pagination = listPagination(data?.meta, page, setPage);

  return (
    <Card>
      <div className="mb-5 flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <ScreenHeading title={t('title')} />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <Input
            allowClear
            prefix={<SearchOutlined aria-hidden />}
            placeholder={t('search')}
            aria-label={t('search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(1);
            }}
            className="sm:!w-72"
            data-testid="users-search"
          />
          <Button type="primary" icon={<UserAddOutlined aria-hidden />} onClick={() => setInviting(true)} data-testid="invite-open">
            {t('invite.open')}
          </Button>
        </div>
      </div>
      {isError && <LoadError error={error} fallback={t('messages.somethingWentWrong')} retryLabel={t('retry')} onRetry={refetch} />}
      <ResponsiveList<TUserListItem>
        phone={phone}
        rows={users}
        rowKey="_id"
        loading={isFetching}
        empty={t('empty')}
        pagination={pagination}
        rowTestId={(row) => `user-${row.email ?? row.membershipNumber}`}
        card={(row) => (
          <>
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0 font-medium text-slate-900">{nameCell(row)}</div>
              {roleTag(row.role)}
            </div>
            <span className="text-sm break-all text-slate-600">{emailText(row.email)}</span>
            {actions(row, true)}
          </>
        )}
        table={{
          scroll: { x: 720 },
          columns: [
            { title: t('columns.name'), dataIndex: 'name', render: (_: string, row) => nameCell(row) },
            { title: t('columns.email'), dataIndex: 'email', render: (email: string | null) => emailText(email) },
            { title: t('columns.role'), dataIndex: 'role', render: (role: Role) => roleTag(role) },
            { title: t('columns.action'), key: 'action', render: (_: unknown, row) => actions(row) },
          ],
        }}
      />
      <InviteStaffModal open={inviting} onClose={() => setInviting(false)} />
      <Modal
        open={historyId !== null}
        onCancel={() => showHistory(null)}
        title={historyOf ? `${historyOf.name}${historyOf.email ? ` · ${historyOf.email}` : ''}` : t('historyAccount')}
        footer={<Button onClick={() => showHistory(null)}>{t('close')}</Button>}
        width={720}
        destroyOnHidden
      >
        <HistoryPanel entity="user" entityId={historyId} />
      </Modal>
    </Card>
  );
}
