/** @vitest-environment jsdom */
// localStorage and the address bar: what the language detection reads.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './i18n';

describe('detectLanguage', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
    history.replaceState(null, '', '/');
  });

  it('opens a link made for one language (?lang=bn) in it, and remembers it', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    history.replaceState(null, '', '/blog?lang=bn');
    expect(detectLanguage()).toBe('bn');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('bn');
  });

  it('ignores a ?lang it does not know', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    history.replaceState(null, '', '/?lang=fr');
    expect(detectLanguage()).toBe('bn');
  });

  it('uses the remembered choice first', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'bn');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(detectLanguage()).toBe('bn');
  });

  it('follows a Bengali browser when nothing is remembered', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['bn-BD', 'en']);
    expect(detectLanguage()).toBe('bn');
  });

  it('falls back to English for other languages and unknown saved values', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    expect(detectLanguage()).toBe('en');
  });
});
