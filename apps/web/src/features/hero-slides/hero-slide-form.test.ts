import { describe, expect, it } from 'vitest';
import { ctaLinkAllowed, heroSlidePayload, slideOrder } from './hero-slide-form';

describe('heroSlidePayload: the coercions of spec section 5', () => {
  const base = { title: ' Monsoon ', primaryLabel: '', primaryHref: '', secondaryLabel: '', secondaryHref: '' };

  it('sends a call to action only when a label or link is given, the link defaulting to #', () => {
    expect(heroSlidePayload(base, '/a.webp')).toMatchObject({ title: 'Monsoon', ctaPrimary: null, ctaSecondary: null });
    expect(heroSlidePayload({ ...base, primaryLabel: ' Book ' }, '/a.webp').ctaPrimary).toEqual({ label: 'Book', href: '#' });
    expect(heroSlidePayload({ ...base, secondaryLabel: 'Rooms', secondaryHref: ' /accommodation ' }, '/a.webp').ctaSecondary).toEqual({
      label: 'Rooms',
      href: '/accommodation',
    });
  });

  it('defaults: order 0, active, English', () => {
    expect(heroSlidePayload(base, '/a.webp')).toMatchObject({ order: 0, active: true, locale: 'en', subtitle: '', description: '' });
  });

  it('order becomes a whole number; empty or nonsense is 0', () => {
    expect([slideOrder(null), slideOrder(undefined), slideOrder(''), slideOrder('3'), slideOrder(4.7), slideOrder('x')]).toEqual([0, 0, 0, 3, 4, 0]);
  });
});

describe('ctaLinkAllowed', () => {
  it('takes site paths, anchors and http(s) addresses, or nothing', () => {
    for (const href of ['', '/view-rates', '#rooms', 'https://example.com', 'http://example.com/x']) expect(ctaLinkAllowed(href), href).toBe(true);
  });

  it('refuses script links, protocol-relative links and addresses without a scheme', () => {
    for (const href of ['javascript:alert(1)', '//evil.example', 'www.example.com', 'data:x', 'two words']) expect(ctaLinkAllowed(href), href).toBe(false);
  });
});
