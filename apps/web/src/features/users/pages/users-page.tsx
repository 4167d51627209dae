import { DeleteOutlined, SearchOutlined } from '@ant-design/icons';
import type { Role, TUserListItem } from '@residency/shared';
import { App, Button, Card, Input, Popconfirm, Select, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../auth/hooks/use-session';
import { useErrorText } from '../../../lib/server-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDeleteUserMutation, useGetUsersQuery, useUpdateUserRoleMutation } from '../api';
import { LoadError } from '../../../components/dashboard/load-error';
import { listPagination } from '../../../components/dashboard/list-pagination';
import { ScreenHeading } from '../../../components/dashboard/screen-heading';

const ROLE_COLORS: Record<Role, string> = { admin: 'gold', staff: 'blue', user: 'green' };

/** Admin › Users (spec section 2): search, role changes, deletion, pagination. */
export default function UsersPage() {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const { user: me } = useSession();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const searchTerm = useDebouncedValue(search.trim());
  const { data, isFetching, isError, error, refetch } = useGetUsersQuery({ page, searchTerm });
  const [updateRole] = useUpdateUserRoleMutation();
  const [deleteUser] = useDeleteUserMutation();

  const changeRole = async (row: TUserListItem, role: Role) => {
    try {
      await updateRole({ id: row._id, role }).unwrap();
      message.success(t('messages.roleUpdated'));
    } catch (err) {
      message.error(errorText(err, t('messages.somethingWentWrong')));
    }
  };

  const remove = async (row: TUserListItem) => {
    try {
      await deleteUser(row._id).unwrap();
      message.success(t('messages.deleted'), 3);
    } catch (err) {
      // The spec's fallback is lower case here; the server's reason wins when it sent one.
      message.error(errorText(err, t('messages.deleteFailed')), 3);
    }
  };

  return (
    <Card>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <ScreenHeading title={t('title')} />
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search')}
          aria-label={t('search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          style={{ maxWidth: 320 }}
          data-testid="users-search"
        />
      </div>
      {isError && <LoadError error={error} fallback={t('messages.somethingWentWrong')} retryLabel={t('retry')} onRetry={refetch} />}
      <Table<TUserListItem>
        rowKey="_id"
        loading={isFetching}
        dataSource={data?.data ?? []}
        scroll={{ x: 640 }}
        locale={{ emptyText: t('empty') }}
        pagination={listPagination(data?.meta, page, setPage)}
        columns={[
          {
            title: t('columns.name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <span>
                {name}
                {row._id === me?._id && <Tag className="!ml-2">{t('you')}</Tag>}
              </span>
            ),
          },
          { title: t('columns.email'), dataIndex: 'email' },
          {
            title: t('columns.role'),
            dataIndex: 'role',
            render: (role: Role) => <Tag color={ROLE_COLORS[role]}>{t(`roles.${role}`).toUpperCase()}</Tag>,
          },
          {
            title: t('columns.action'),
            key: 'action',
            render: (_: unknown, row) => (
              <div className="flex flex-wrap items-center gap-2">
                <Select<Role>
                  value={row.role}
                  style={{ width: 130 }}
                  aria-label={t('updateRole', { name: row.name })}
                  data-testid={`role-select-${row.email}`}
                  onChange={(role) => void changeRole(row, role)}
                  options={(['admin', 'user', 'staff'] as const).map((r) => ({ value: r, label: t(`roles.${r}`) }))}
                />
                <Popconfirm
                  title={t('confirmDelete.title')}
                  description={t('confirmDelete.text', { name: row.name })}
                  okText={t('confirmDelete.ok')}
                  cancelText={t('confirmDelete.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => remove(row)}
                >
                  <Button danger icon={<DeleteOutlined />} data-testid={`delete-${row.email}`}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </div>
            ),
          },
        ]}
      />
    </Card>
  );
}
