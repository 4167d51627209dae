import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectLanguage, LANGUAGE_STORAGE_KEY } from './i18n';

describe('detectLanguage', () => {
  afterEach(() => {
    localStorage.clear();
    vi.restoreAllMocks();
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
