import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../../test/i18n';
import type { ApiFailure } from '../../booking-rules';
import { BookingError } from './booking-error';

const failure = (f: Partial<ApiFailure>): ApiFailure => ({ status: 409, message: null, code: null, errors: [], ...f });

describe('why Confirm did not book', () => {
  afterEach(cleanup);

  it('says the server could not be reached', async () => {
    await initTestI18n('en');
    render(<BookingError failure={failure({ status: 'FETCH_ERROR' })} />);
    expect(screen.getByRole('alert')).toHaveTextContent("We could not reach the hotel's server. Check your connection and try again.");
  });

  it("gives the server's words in English, and a generic text when it has none", async () => {
    await initTestI18n('en');
    render(<BookingError failure={failure({ message: 'The room was just booked.', code: 'ROOM_NOT_AVAILABLE' })} />);
    expect(screen.getByTestId('booking-error')).toHaveTextContent('The room was just booked.');
    cleanup();
    render(<BookingError failure={failure({ status: 500 })} />);
    expect(screen.getByTestId('booking-error')).toHaveTextContent('Something went wrong. Please try again.');
  });

  it("translates the server's error code in Bengali, keeping its words for a code it does not know", async () => {
    await initTestI18n('bn');
    render(<BookingError failure={failure({ message: 'Taken.', code: 'ROOM_NOT_AVAILABLE' })} />);
    expect(screen.getByTestId('booking-error')).toHaveTextContent('দুঃখিত, এই তারিখগুলোর কিছু অংশে রুমটি এইমাত্র বুক হয়ে গেছে।');
    cleanup();
    render(<BookingError failure={failure({ message: 'Something new.', code: 'SOMETHING_NEW' })} />);
    expect(screen.getByTestId('booking-error')).toHaveTextContent('Something new.');
  });
});
