import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routePaths } from './route-paths';
import { appRoutes } from './router';

/**
 * The full pattern of every page the router can show: its leaves (an index route is its
 * parent's path); a layout route's own path is no page unless it has an index route.
 */
function collectPaths(routes: RouteObject[], parent: string): string[] {
  return routes.flatMap((route) => {
    const own = route.path ?? '';
    const full =
      own === '*' || own.startsWith('/')
        ? own
        : own === ''
          ? parent
          : `${parent === '/' ? '' : parent}/${own}`;
    const isLeaf = route.children === undefined || route.children.length === 0;
    const here = isLeaf ? [full || '/'] : [];
    return [...here, ...collectPaths(route.children ?? [], full || parent)];
  });
}

describe('routePaths', () => {
  it('lists exactly the paths of the router, so the accessibility check visits every page', () => {
    const routerPaths = [...new Set(collectPaths(appRoutes, ''))].sort();
    expect(routerPaths).toEqual([...routePaths].sort());
  });
});
