import { randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/**
 * A readable, unguessable reference such as RSV-7K3F9Q2M or EVT-4HX8P2QA: eight characters of an
 * alphabet without I, L, O, U, 0 or 1 (30^8 values), so it can be read out at a desk.
 */
export function newReference(prefix: string): string {
  let id = '';
  for (let i = 0; i < 8; i += 1) id += ALPHABET[randomInt(ALPHABET.length)];
  return `${prefix}-${id}`;
}
