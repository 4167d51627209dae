import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../test/i18n';
import { RoomGallery } from './room-gallery';

describe('the gallery of the details pop-up', () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });
  afterEach(cleanup);

  it('shows the placeholder, not an endless wait, for a category without photos', () => {
    render(<RoomGallery images={[]} name="Garden Twin" />);
    expect(screen.getByTestId('image-fallback')).toHaveTextContent('Garden Twin');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('replaces only the slide whose photo failed', () => {
    render(<RoomGallery images={['/uploads/a.webp', '/uploads/b.webp']} name="Garden Twin" />);
    const [first] = document.querySelectorAll('img');
    fireEvent.error(first!);
    expect(document.querySelectorAll('img')).toHaveLength(1);
    expect(screen.getAllByTestId('gallery-slide')[0]).toContainElement(screen.getByTestId('image-fallback'));
  });
});
