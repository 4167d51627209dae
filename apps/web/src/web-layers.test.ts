/**
 * Decision 0007's table of allowed cross-feature imports says what ESLint allows: the pairs
 * eslint.config.js ("Web app layers") takes from web-feature-pairs.js. A pair added to or removed
 * from one of them alone fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WEB_FEATURE_PAIRS } from '../../../web-feature-pairs.js';

const DECISION = new URL('../../../docs/decisions/0007-web-layers.md', import.meta.url);

/** The rows of the decision's "Allowed pairs" table, as `importer → imported`. */
function documentedPairs(markdown: string): string[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Allowed pairs'));
  if (!section) throw new Error('docs/decisions/0007-web-layers.md has no "## Allowed pairs" section');
  return section
    .split('\n')
    .map((line) => /^\|\s*([a-z-]+)\s*→\s*([a-z-]+)\s*\|/.exec(line))
    .filter((match) => match !== null)
    .map(([, importer, imported]) => `${importer} → ${imported}`);
}

describe('the web app layers', () => {
  it("decision 0007's allowed pairs are the ones ESLint allows", () => {
    const documented = documentedPairs(readFileSync(DECISION, 'utf8'));
    const allowed = WEB_FEATURE_PAIRS.map(([importer, imported]) => `${importer} → ${imported}`);
    expect(new Set(documented).size, 'a pair listed twice in the decision').toBe(documented.length);
    expect(documented.toSorted()).toEqual(allowed.toSorted());
  });
});
