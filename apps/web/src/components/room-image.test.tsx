import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoomImage } from './room-image';

describe('RoomImage: every photo slot has a fallback', () => {
  afterEach(cleanup);

  it('shows the photo while it loads, and no placeholder', () => {
    render(<RoomImage src="/uploads/a.webp" name="Deluxe King" alt="Deluxe King, photo 1 of 1" />);
    expect(screen.getByRole('img', { name: 'Deluxe King, photo 1 of 1' }).tagName).toBe('IMG');
    expect(screen.queryByTestId('image-fallback')).toBeNull();
  });

  it('draws the placeholder with the room type name when there is no photo', () => {
    render(<RoomImage src={undefined} name="Garden Twin" alt="" fallbackLabel="No photos yet" />);
    const fallback = screen.getByTestId('image-fallback');
    expect(fallback).toHaveTextContent('Garden Twin');
    // Said once to screen readers, by the label; the drawn name is not read twice.
    expect(screen.getByRole('img', { name: 'No photos yet' })).toBe(fallback);
    expect(document.querySelector('img')).toBeNull();
  });

  it('swaps a photo that fails to load for the placeholder, keeping its text', () => {
    render(<RoomImage src="/uploads/gone.webp" name="Garden Twin" alt="The Garden Twin room" />);
    fireEvent.error(screen.getByRole('img', { name: 'The Garden Twin room' }));
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByTestId('image-fallback')).toHaveTextContent('Garden Twin');
    expect(screen.getByRole('img', { name: 'The Garden Twin room' })).toBe(screen.getByTestId('image-fallback'));
  });

  it('tries a new photo again after an earlier one failed', () => {
    const { rerender } = render(<RoomImage src="/uploads/gone.webp" name="Suite" alt="Suite" />);
    fireEvent.error(screen.getByRole('img', { name: 'Suite' }));
    rerender(<RoomImage src="/uploads/new.webp" name="Suite" alt="Suite" />);
    expect(screen.getByRole('img', { name: 'Suite' }).tagName).toBe('IMG');
  });

  it('hides the placeholder of a decorative photo from screen readers', () => {
    render(<RoomImage src={undefined} name="Suite" alt="" />);
    expect(screen.getByTestId('image-fallback')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('img')).toBeNull();
  });
});
