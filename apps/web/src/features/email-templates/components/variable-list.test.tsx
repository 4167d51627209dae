import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { VariableList } from './variable-list';

/* The designer's variables: what the admin can insert, and what the less obvious ones hold. */

describe('Admin › Email templates › the variable list', () => {
  afterEach(cleanup);

  it('offers {{rooms}} in both confirmations, optional, and says what it holds in English', async () => {
    await initTestI18n('en');
    for (const type of ['BOOKING_CONFIRMATION_USER', 'BOOKING_CONFIRMATION_ADMIN'] as const) {
      const onInsert = vi.fn();
      const { unmount } = render(<VariableList type={type} disabled={false} onInsert={onInsert} />);
      const rooms = screen.getByRole('button', { name: '{{rooms}}' });
      expect(rooms).toHaveAttribute(
        'title',
        'Insert {{rooms}}: every room of a booking of several rooms, a line each: room and number, guests, nights and amount. Empty for a one-room booking: put it in a table row, which is left out then',
      );
      rooms.click();
      expect(onInsert).toHaveBeenCalledWith('rooms');
      // A variable without a description keeps the plain title.
      expect(screen.getByRole('button', { name: '{{couponCode}}' })).toHaveAttribute('title', 'Insert {{couponCode}}');
      unmount();
    }
  });

  it('describes it in Bengali', async () => {
    await initTestI18n('bn');
    render(<VariableList type="BOOKING_CONFIRMATION_USER" disabled={false} onInsert={() => {}} />);
    expect(screen.getByRole('button', { name: '{{rooms}}' })).toHaveAttribute(
      'title',
      '{{rooms}} বসান: একাধিক রুমের বুকিংয়ের প্রতিটি রুম, প্রতি লাইনে একটি: রুম ও নম্বর, অতিথি, রাত ও টাকার পরিমাণ। এক রুমের বুকিংয়ে এটি ফাঁকা থাকে: টেবিলের একটি সারিতে রাখুন, তখন সারিটি বাদ যাবে',
    );
  });

  it('does not offer it where a booking has one room to tell (status update, cancellation)', async () => {
    await initTestI18n('en');
    render(<VariableList type="BOOKING_CANCELLATION" disabled={false} onInsert={() => {}} />);
    expect(screen.queryByRole('button', { name: '{{rooms}}' })).toBeNull();
  });
});
