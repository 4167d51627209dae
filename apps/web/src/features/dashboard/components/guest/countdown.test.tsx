import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../../../../test/i18n';
import { useNow } from '../../../../lib/use-now';
import { Countdown, timeLeft } from './countdown';

const HOUR = 3_600_000;

/** The countdown as the dashboard wires it: a clock that ticks every 30 seconds. */
function Ticking({ target }: { target: Date }) {
  const now = useNow(30_000);
  return <Countdown target={target} now={now} />;
}

const value = (unit: string) => screen.getByTestId(`countdown-${unit}-value`).textContent;

beforeAll(async () => {
  await initTestI18n('en');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('timeLeft', () => {
  it('splits the time into whole days, hours and minutes, and never goes below zero', () => {
    const now = new Date('2026-12-01T08:00:00Z');
    expect(timeLeft(new Date(now.getTime() + 2 * 24 * HOUR + 5 * HOUR + 30 * 60_000 + 59_000), now)).toEqual({ days: 2, hours: 5, minutes: 30 });
    expect(timeLeft(new Date(now.getTime() - HOUR), now)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});

describe('Countdown', () => {
  it('counts down to check-in while the page stays open', async () => {
    const now = new Date('2026-12-01T08:00:00Z');
    vi.useFakeTimers({ now, toFake: ['setInterval', 'clearInterval', 'Date'] });
    render(<Ticking target={new Date(now.getTime() + 3 * 24 * HOUR + HOUR + 60_000)} />);
    expect(screen.getByRole('timer', { name: 'Time until check-in' })).toBeInTheDocument();
    expect([value('days'), value('hours'), value('minutes')]).toEqual(['3', '1', '1']);
    expect(screen.getByTestId('countdown-days')).toHaveTextContent('3days');
    expect(screen.getByTestId('countdown-hours')).toHaveTextContent('1hour');

    act(() => void vi.advanceTimersByTime(60_000));
    expect([value('days'), value('hours'), value('minutes')]).toEqual(['3', '1', '0']);
    act(() => void vi.advanceTimersByTime(2 * HOUR));
    expect([value('days'), value('hours'), value('minutes')]).toEqual(['2', '23', '0']);
  });

  it('shows Bengali digits in Bengali', async () => {
    const i18n = await initTestI18n('bn');
    try {
      const now = new Date('2026-12-01T08:00:00Z');
      render(<Countdown target={new Date(now.getTime() + 12 * 24 * HOUR + 7 * HOUR)} now={now} />);
      expect(screen.getByRole('timer', { name: 'চেক-ইন পর্যন্ত বাকি সময়' })).toBeInTheDocument();
      expect([value('days'), value('hours'), value('minutes')]).toEqual(['১২', '৭', '০']);
      expect(screen.getByTestId('countdown-days')).toHaveTextContent('১২দিন');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
