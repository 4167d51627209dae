import { describe, expect, it } from 'vitest';
import { statusFilterOf } from './status-filter';

describe('statusFilterOf', () => {
  it('reads a room status from the URL, as the staff dashboard links it', () => {
    expect(statusFilterOf(new URLSearchParams('status=cleaning'))).toBe('cleaning');
    expect(statusFilterOf(new URLSearchParams('status=maintenance&x=1'))).toBe('maintenance');
  });
  it('shows every room without a status or with one that does not exist', () => {
    expect(statusFilterOf(new URLSearchParams(''))).toBe('all');
    expect(statusFilterOf(new URLSearchParams('status=dirty'))).toBe('all');
    expect(statusFilterOf(new URLSearchParams('status=CLEANING'))).toBe('all');
  });
});
