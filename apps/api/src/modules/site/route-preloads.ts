import { readFileSync } from 'node:fs';
import path from 'node:path';

/*
 * What a public page asks for before it can draw its largest paint, named in its HTML so the
 * browser downloads it beside the `app` chunk instead of after it (issue 23): the page's own
 * chunks (`modulepreload`, from the build's .vite/manifest.json), their CSS, its texts
 * (/locales/{lng}/{ns}.json) and the list its first view shows. Without them each waits for the
 * `app` chunk (124 KB on a phone's network) to download and run, and then for the router to ask.
 */

/** The page modules the web router loads for a path (apps/web/src/app/router.tsx), by source file. */
export const PAGE_MODULES: Record<string, string> = {
  '/': 'src/features/home/pages/home-page.tsx',
  '/accommodation': 'src/features/accommodation/pages/accommodation-page.tsx',
};

/** The lists a page's first view asks for at once (the router's early requests, lib/early-list.ts). */
const PAGE_DATA: Record<string, string[]> = {
  '/accommodation': ['/api/room-categories?public=true'],
};

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

export interface RoutePreloads {
  /** Chunks for `<link rel="modulepreload">`, the page's module first. */
  modules: string[];
  /** Their stylesheets, for `<link rel="preload" as="style">`. */
  styles: string[];
  /** The page's data, for `<link rel="preload" as="fetch">`. */
  data: string[];
}

/**
 * The chunks of each page in a build: read once from its manifest (none when the build has no
 * manifest: the page loads as before). Files the HTML already names (the entry, the runtime, the
 * app's CSS) and what they import are left out.
 */
export function createRoutePreloads(dist: string | undefined, indexHtml: string): (route: string) => RoutePreloads | undefined {
  let manifest: Record<string, ManifestChunk> = {};
  if (dist) {
    try {
      manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
    } catch {
      // A build without a manifest: no module preloads.
    }
  }
  const inHtml = (file: string) => indexHtml.includes(`/${file}"`);
  const walk = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (into.has(key) || !chunk || inHtml(chunk.file)) return;
    into.add(key);
    for (const imported of chunk.imports ?? []) walk(imported, into);
  };

  const cache = new Map<string, RoutePreloads | undefined>();
  for (const route of new Set([...Object.keys(PAGE_MODULES), ...Object.keys(PAGE_DATA)])) {
    const keys = new Set<string>();
    const source = PAGE_MODULES[route];
    if (source) walk(source, keys);
    const own = [...keys].map((key) => manifest[key]!);
    cache.set(route, {
      modules: own.map((chunk) => `/${chunk.file}`),
      styles: [...new Set(own.flatMap((chunk) => chunk.css ?? []))].filter((css) => !inHtml(css)).map((css) => `/${css}`),
      data: PAGE_DATA[route] ?? [],
    });
  }
  return (route) => cache.get(route);
}
