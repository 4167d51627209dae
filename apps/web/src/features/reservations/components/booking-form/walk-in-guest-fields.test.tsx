import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../../test/i18n';
import { WalkInGuestFields } from './walk-in-guest-fields';

describe("the walk-in guest's name and e-mail", () => {
  beforeEach(async () => {
    await initTestI18n('en');
  });
  afterEach(cleanup);

  it('hands each keystroke to the form', async () => {
    const onName = vi.fn();
    const onEmail = vi.fn();
    render(<WalkInGuestFields name="" email="" errors={{}} onName={onName} onEmail={onEmail} />);
    await userEvent.type(screen.getByLabelText("Guest's name"), 'A');
    await userEvent.type(screen.getByLabelText("Guest's e-mail (optional)"), 'b');
    expect(onName).toHaveBeenCalledWith('A');
    expect(onEmail).toHaveBeenCalledWith('b');
    expect(screen.getByLabelText("Guest's name")).toHaveAttribute('aria-invalid', 'false');
  });

  it('says what is missing or wrong beside each field, for screen readers too', () => {
    render(<WalkInGuestFields name="" email="x" errors={{ guestName: 'required', guestEmail: 'invalid' }} onName={() => {}} onEmail={() => {}} />);
    const name = screen.getByLabelText("Guest's name");
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription("Enter the guest's name.");
    expect(screen.getByLabelText("Guest's e-mail (optional)")).toHaveAccessibleDescription(
      "Without an e-mail the guest gets no mail and can't sign in until the desk adds one. Enter a valid e-mail address.",
    );
  });

  it('says the e-mail is optional and what its absence means, in Bengali too', async () => {
    render(<WalkInGuestFields name="" email="" errors={{}} onName={() => {}} onEmail={() => {}} />);
    expect(screen.getByLabelText("Guest's e-mail (optional)")).toHaveAccessibleDescription(
      "Without an e-mail the guest gets no mail and can't sign in until the desk adds one.",
    );
    cleanup();
    await initTestI18n('bn');
    render(<WalkInGuestFields name="" email="" errors={{}} onName={() => {}} onEmail={() => {}} />);
    expect(screen.getByLabelText('অতিথির ই-মেইল (ঐচ্ছিক)')).toHaveAccessibleDescription(/কোনো বার্তা পাবেন না/);
  });
});
