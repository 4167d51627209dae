/**
 * What jsdom lacks and Ant Design's grid and overlays ask for: `matchMedia` (every width query
 * answers `desktop`: false is a phone, true a large screen) and `ResizeObserver`. An existing
 * `matchMedia` is kept unless `desktop` is given, so a file may choose the screen it tests.
 */
export function installAntdDom(options: { desktop?: boolean } = {}): void {
  const fake = ((query: string) => ({
    matches: options.desktop ?? false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  if (options.desktop !== undefined) window.matchMedia = fake;
  else window.matchMedia ??= fake;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}
