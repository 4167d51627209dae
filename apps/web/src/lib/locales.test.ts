import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = path.resolve(__dirname, '../../public/locales');
const languages = readdirSync(dir);

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function read(lng: string, file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(dir, lng, file), 'utf8')) as Record<string, unknown>;
}

describe('translations', () => {
  it('has English and Bengali', () => {
    expect(languages.sort()).toEqual(['bn', 'en']);
  });

  const namespaces = [...new Set(languages.flatMap((lng) => readdirSync(path.join(dir, lng))))];
  for (const ns of namespaces) {
    it(`${ns}: every key exists in both languages`, () => {
      const en = new Set(keys(read('en', ns)));
      const bn = new Set(keys(read('bn', ns)));
      expect([...en].filter((k) => !bn.has(k)), `keys in en/${ns} missing from bn/${ns}`).toEqual([]);
      expect([...bn].filter((k) => !en.has(k)), `keys in bn/${ns} missing from en/${ns}`).toEqual([]);
    });

    it(`${ns}: the Bengali is written in Bengali`, () => {
      const values = (obj: unknown): string[] =>
        obj && typeof obj === 'object' ? Object.values(obj).flatMap(values) : [String(obj)];
      const bn = values(read('bn', ns));
      const bengali = bn.filter((v) => /[\u0980-\u09FF]/.test(v));
      // Names, e-mail, codes and brand words may stay in Latin letters; prose may not.
      expect(bengali.length / bn.length).toBeGreaterThan(0.8);
    });
  }
});
