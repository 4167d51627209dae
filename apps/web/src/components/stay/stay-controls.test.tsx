import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../test/i18n';
import { GuestPicker } from './guest-picker';
import { MonthCalendar } from './month-calendar';
import { StayFields } from './stay-fields';

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(cleanup);

describe('GuestPicker', () => {
  it("shows '1 Room & Guests', commits on Done and marks plus unavailable at 3 guests", async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<GuestPicker value={{ adults: 1, children: 0 }} onDone={onDone} variant="stacked" />);
    const anchor = screen.getByTestId('guest-picker');
    expect(anchor).toHaveTextContent('1 Room & Guests');
    expect(anchor).toHaveTextContent('1 Adult');
    await user.click(anchor);
    expect(screen.getByTestId('adults-minus')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('children-minus')).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByTestId('adults-plus'));
    await user.click(screen.getByTestId('children-plus'));
    expect(screen.getByTestId('adults-plus')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('children-plus')).toHaveAttribute('aria-disabled', 'true');
    // Pressed again at the limit: nothing changes, and the focus stays on the button.
    await user.click(screen.getByTestId('children-plus'));
    expect(screen.getByTestId('children-count')).toHaveTextContent('1');
    expect(document.activeElement).toBe(screen.getByTestId('children-plus'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledWith({ adults: 2, children: 1 });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on an outside click without committing', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    render(<GuestPicker value={{ adults: 2, children: 1 }} onDone={onDone} variant="stacked" />);
    expect(screen.getByTestId('guest-picker')).toHaveTextContent('2 Adults, 1 Child');
    await user.click(screen.getByTestId('guest-picker'));
    await user.click(screen.getByTestId('children-minus'));
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByTestId('guest-picker')).toHaveTextContent('2 Adults, 1 Child');
  });

  it('closes when the focus tabs out of it, so two pop-ups never overlap', async () => {
    const user = userEvent.setup();
    render(
      <>
        <GuestPicker value={{ adults: 2, children: 0 }} onDone={vi.fn()} variant="stacked" />
        <button type="button">Next control</button>
      </>,
    );
    await user.click(screen.getByTestId('guest-picker'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Done' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Next control' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('MonthCalendar', () => {
  it('disables the days before the first selectable one; arrows move, Enter picks', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(<MonthCalendar selected="2026-11-25" min="2026-11-22" onPick={onPick} />);
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('November 2026');
    expect(screen.getByRole('button', { name: /Saturday, November 21, 2026/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Sunday, November 22, 2026/ })).toBeEnabled();
    expect(screen.getByTestId('calendar-prev')).toHaveAttribute('aria-disabled', 'true');
    expect(document.activeElement).toHaveAttribute('data-day', '2026-11-25');
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(document.activeElement).toHaveAttribute('data-day', '2026-12-03');
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('December 2026');
    await user.keyboard('{Enter}');
    expect(onPick).toHaveBeenCalledWith('2026-12-03', 'keyboard');
  });
});

describe('StayFields', () => {
  it('offers check-out at most 60 nights after check-in, and says why', async () => {
    const user = userEvent.setup();
    const onCheckOut = vi.fn();
    render(
      <StayFields
        checkIn="2026-11-22"
        checkOut="2027-01-10"
        guests={{ adults: 1, children: 0 }}
        today="2026-11-22"
        onCheckIn={vi.fn()}
        onCheckOut={onCheckOut}
        onGuests={vi.fn()}
        variant="stacked"
      />,
    );
    await user.click(screen.getByTestId('check-out'));
    expect(screen.getByTestId('calendar-title')).toHaveTextContent('January 2027');
    expect(screen.getByRole('button', { name: /Thursday, January 21, 2027/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Friday, January 22, 2027/ })).toBeDisabled();
    expect(screen.getByTestId('calendar-next')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('calendar-note')).toHaveTextContent('One booking holds at most 60 nights.');
    await user.click(screen.getByRole('button', { name: /Friday, January 22, 2027/ }));
    expect(onCheckOut).not.toHaveBeenCalled();
  });

  it('opens a stay that is too long on its last possible check-out', async () => {
    const user = userEvent.setup();
    render(
      <StayFields
        checkIn="2026-11-22"
        checkOut="2027-03-01"
        guests={{ adults: 1, children: 0 }}
        today="2026-11-22"
        onCheckIn={vi.fn()}
        onCheckOut={vi.fn()}
        onGuests={vi.fn()}
        variant="stacked"
      />,
    );
    await user.click(screen.getByTestId('check-out'));
    expect(document.activeElement).toHaveAttribute('data-day', '2027-01-21');
  });

  /** The fields with a stay of their own, as a page holds it (a later check-in moves check-out). */
  function Stay() {
    const [stay, setStay] = useState({ checkIn: '2026-11-22', checkOut: '2026-11-23' });
    return (
      <StayFields
        {...stay}
        guests={{ adults: 1, children: 0 }}
        today="2026-11-22"
        onCheckIn={(checkIn) => setStay((s) => ({ checkIn, checkOut: s.checkOut > checkIn ? s.checkOut : `2026-11-${Number(checkIn.slice(8)) + 1}` }))}
        onCheckOut={(checkOut) => setStay((s) => ({ ...s, checkOut }))}
        onGuests={vi.fn()}
        variant="stacked"
      />
    );
  }

  it('opens the check-out calendar as soon as check-in is tapped or clicked, on the day after it', async () => {
    const user = userEvent.setup();
    render(<Stay />);
    await user.click(screen.getByTestId('check-in'));
    await user.click(screen.getByRole('button', { name: /Wednesday, November 25, 2026/ }));
    expect(screen.getByTestId('check-in-value')).toHaveTextContent('Wed, Nov 25');
    expect(screen.queryByTestId('check-in-dialog')).toBeNull();
    const checkOut = screen.getByTestId('check-out-dialog');
    expect(screen.getByTestId('check-out')).toHaveAttribute('aria-expanded', 'true');
    // It opens on the stay's check-out, the focus on it; the days up to check-in cannot be chosen.
    expect(document.activeElement).toHaveAttribute('data-day', '2026-11-26');
    expect(within(checkOut).getByRole('button', { name: /Wednesday, November 25, 2026/ })).toBeDisabled();
    await user.click(within(checkOut).getByRole('button', { name: /Saturday, November 28, 2026/ }));
    expect(screen.getByTestId('check-out-value')).toHaveTextContent('Sat, Nov 28');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the keyboard where it was: Enter on a check-in day closes the calendar and returns to the field', async () => {
    const user = userEvent.setup();
    render(<Stay />);
    screen.getByTestId('check-in').focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toHaveAttribute('data-day', '2026-11-22');
    await user.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    expect(screen.getByTestId('check-in-value')).toHaveTextContent('Tue, Nov 24');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('check-in')).toHaveFocus();
  });
});
