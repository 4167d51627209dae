import type { TBackup } from '@residency/shared';
import { baseApi } from '../../lib/api';

type One<T> = { success: true; message?: string; data: T };

/** Backups (issue 35), the admin's: the ones kept, and one taken now (it takes a few seconds: verified by a restore). */
const backupsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBackups: build.query<One<TBackup[]>, void>({
      query: () => '/admin/backups',
      keepUnusedDataFor: 0,
    }),
    takeBackup: build.mutation<One<TBackup>, void>({
      // A backup of a large hotel takes longer than the usual 30 s to copy, encrypt and restore.
      query: () => ({ url: '/admin/backups', method: 'POST', timeout: 300_000 }),
      // The new one at the top at once; the list is read again for what the server pruned.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            backupsApi.util.updateQueryData('getBackups', undefined, (draft) => {
              if (!draft.data.some((b) => b.file === data.data.file)) draft.data.unshift(data.data);
            }),
          );
        } catch {
          // The screen shows the failure.
        }
      },
    }),
  }),
});

export const { useGetBackupsQuery, useTakeBackupMutation } = backupsApi;
