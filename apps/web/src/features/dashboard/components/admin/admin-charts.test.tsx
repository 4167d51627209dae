import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { initTestI18n } from '../../../../test/i18n';
import { occupancyAxis } from '../../admin-chart-format';
import { OverviewChart, type OverviewPoint } from './admin-charts';

/** Three months whose occupancy moves between 38.5 % and 46 %. */
const points: OverviewPoint[] = [
  { month: '2026-01', label: 'Jan', title: 'January 2026', value: 50_000, occupancy: 38.5 },
  { month: '2026-02', label: 'Feb', title: 'February 2026', value: 60_000, occupancy: 46 },
  { month: '2026-03', label: 'Mar', title: 'March 2026', value: 55_000, occupancy: 42 },
];

/** The labels of the chart's percent axis, as drawn. */
function percentLabels(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.recharts-cartesian-axis-tick-value')]
    .map((tick) => tick.textContent ?? '')
    .filter((text) => text.endsWith('%'));
}

describe('OverviewChart', () => {
  it('draws occupancy on a percent axis fitted to the months, not on 0–100 %', async () => {
    await initTestI18n('en');
    const { container } = render(
      <OverviewChart points={points} lng="en" valueName="Revenue" occupancyName="Occupancy" formatValue={String} height={300} title="Overview" />,
    );
    expect(percentLabels(container)).toEqual(['35%', '40%', '45%', '50%']);
  });

  it('labels the fitted axis with Bengali digits in Bengali', async () => {
    await initTestI18n('bn');
    const { container } = render(
      <OverviewChart points={points} lng="bn" valueName="আয়" occupancyName="অকুপেন্সি" formatValue={String} height={300} title="সারসংক্ষেপ" />,
    );
    expect(percentLabels(container)).toEqual(['৩৫%', '৪০%', '৪৫%', '৫০%']);
  });
});

describe('occupancyAxis', () => {
  it('pads the lowest and highest month and ends on round steps', () => {
    expect(occupancyAxis([38.5, 46, 42])).toEqual({ domain: [35, 50], ticks: [35, 40, 45, 50] });
    expect(occupancyAxis([12.3, 13.1])).toEqual({ domain: [10, 16], ticks: [10, 12, 14, 16] });
  });
  it('stays within 0–100 %', () => {
    expect(occupancyAxis([97, 100]).domain).toEqual([95, 100]);
    expect(occupancyAxis([0, 40.5]).domain).toEqual([0, 50]);
    expect(occupancyAxis([0, 100])).toEqual({ domain: [0, 100], ticks: [0, 20, 40, 60, 80, 100] });
  });
  it('gives a flat month a small range around it, and no months the whole scale', () => {
    expect(occupancyAxis([50])).toEqual({ domain: [48, 52], ticks: [48, 49, 50, 51, 52] });
    expect(occupancyAxis([]).domain).toEqual([0, 100]);
  });
});
