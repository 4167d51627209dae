import type { RouteObject } from 'react-router';
import i18n from '../lib/i18n';

type Lazy = () => Promise<{ default: React.ComponentType }>;

/**
 * A screen's translation namespaces, asked for beside its code rather than after it (a round
 * trip less before the screen can show). On the first page of a visit i18n may not have started
 * yet: the namespaces then join its first load (of `common`).
 */
async function loadTexts(namespaces: string[]): Promise<void> {
  await Promise.resolve();
  await i18n.loadNamespaces(namespaces).catch(() => undefined);
}

/**
 * Nothing is drawn while the first screen's code loads (a few kB, usually in the same round
 * trip): an empty page, not a flash of a spinner. Declared so React Router knows it is meant.
 */
export const HydrateFallback = () => null;
/** A lazily loaded screen: each screen is its own chunk (its namespaces load beside it). */
export const page = (load: Lazy, namespaces?: string[]): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const [module] = await Promise.all([load(), namespaces && loadTexts(namespaces)]);
    return { Component: module.default };
  },
});

