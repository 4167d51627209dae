import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { dashboardRoutes } from '../../dashboard-routes';
import { DASHBOARD_LINKS, EXTRA_TITLES } from './dashboard-nav';

/** The screen paths below /{area}/ that the router knows (the index redirect and the splat left out). */
function screenPaths(area: string): string[] {
  const root = dashboardRoutes.find((r) => r.path === `/${area}`);
  const paths: string[] = [];
  const walk = (routes: RouteObject[] | undefined) => {
    for (const route of routes ?? []) {
      if (route.path && route.path !== '*') paths.push(route.path);
      walk(route.children);
    }
  };
  walk(root?.children);
  return paths;
}

describe('the sidebar and the admin search', () => {
  // The admin search offers DASHBOARD_LINKS.admin too (admin-search.tsx): one list, two menus.
  for (const [role, links] of Object.entries(DASHBOARD_LINKS)) {
    it(`links the ${role} only to screens of the router (no dead end)`, () => {
      const known = screenPaths(role);
      expect(known.length).toBeGreaterThan(0);
      for (const link of links) expect(known, `/${role}/${link.path}`).toContain(link.path);
    });
  }

  it('names every admin screen reached from a list, and each is a route', () => {
    const known = screenPaths('admin');
    for (const path of Object.keys(EXTRA_TITLES)) {
      expect(known.some((p) => p === path || p.startsWith(`${path}/`)), path).toBe(true);
    }
  });
});
