import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { afterAll, vi } from 'vitest';

/*
 * The component files share their worker's loaded modules (web-dom runs with isolate: false:
 * loading jsdom, React and Ant Design again for each of the files took two thirds of the
 * project's time). What one file leaves behind is undone here, after each file: the rendered
 * DOM, stubs and mocks, the screen width, fake timers, storage, the reader's language, and the project's own
 * modules (their caches: the site, the API slices), which the next file loads afresh.
 */
afterAll(async () => {
  cleanup();
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  // installAntdDom() sets these on window directly (not through vi.stubGlobal); a width chosen
  // by one file must not become the next file's.
  Reflect.deleteProperty(window, 'matchMedia');
  Reflect.deleteProperty(globalThis, 'ResizeObserver');
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.isInitialized && i18n.language !== 'en') await i18n.changeLanguage('en');
  vi.resetModules();
});
