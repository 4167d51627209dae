import { z } from 'zod';

/** `GET /api/admin`: the dashboard figures (more join as their features land). */
export const ZDashboardStats = z.object({
  totalUsers: z.number().int(),
  totalStaffs: z.number().int(),
  totalAdmins: z.number().int(),
  newUsersThisWeek: z.number().int(),
});
export type TDashboardStats = z.infer<typeof ZDashboardStats>;
