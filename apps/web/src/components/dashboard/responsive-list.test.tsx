import { cleanup, render, screen, within } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { installAntdDom } from '../../test/antd-dom';
import { CardActions, CardFields, ResponsiveList } from './responsive-list';

installAntdDom();

type Row = { _id: string; name: string; price: string; off: boolean };
const rows: Row[] = [
  { _id: 'a', name: 'Deluxe King', price: '৳9,500', off: false },
  { _id: 'b', name: 'Twin Garden', price: '৳6,800', off: true },
];

function Example({ phone, data = rows }: { phone: boolean; data?: Row[] }) {
  return (
    <ResponsiveList<Row>
      phone={phone}
      rows={data}
      rowKey="_id"
      empty="Nothing here."
      pagination={false}
      rowTestId={(row) => `row-${row._id}`}
      cardTone={(row) => (row.off ? 'muted' : undefined)}
      card={(row) => (
        <>
          <strong>{row.name}</strong>
          <CardFields fields={[{ label: 'Offer', value: row.price, testId: 'price' }]} />
          <CardActions>
            <Button>Update</Button>
            <Button danger>Delete</Button>
          </CardActions>
        </>
      )}
      table={{
        columns: [
          { title: 'Name', dataIndex: 'name' },
          { title: 'Offer', dataIndex: 'price' },
          { title: 'Action', key: 'action', render: () => <Button>Update</Button> },
        ],
      }}
    />
  );
}

describe('ResponsiveList', () => {
  afterEach(cleanup);

  it('on a phone: one card per row, labelled values and the actions, no table', () => {
    render(<Example phone />);
    expect(document.querySelector('table')).toBeNull();
    const card = screen.getByTestId('row-a');
    expect(card.tagName).toBe('LI');
    expect(within(card).getByText('Deluxe King')).toBeInTheDocument();
    expect(within(card).getByText('Offer').tagName).toBe('DT');
    expect(within(card).getByTestId('price')).toHaveTextContent('৳9,500');
    expect(within(card).getAllByRole('button').map((b) => b.textContent)).toEqual(['Update', 'Delete']);
    // A switched-off row stands out.
    expect(screen.getByTestId('row-b').firstElementChild).toHaveClass('bg-slate-50');
    expect(screen.getByTestId('row-a').firstElementChild).toHaveClass('bg-white');
  });

  it('on wider screens: the table, its rows named like the cards', () => {
    render(<Example phone={false} />);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Offer', 'Action']);
    const row = screen.getByTestId('row-b');
    expect(row.tagName).toBe('TR');
    expect(within(row).getByText('Twin Garden')).toBeInTheDocument();
  });

  it('says when there is nothing, in both layouts', () => {
    render(<Example phone data={[]} />);
    expect(screen.getByText('Nothing here.')).toBeInTheDocument();
    cleanup();
    render(<Example phone={false} data={[]} />);
    expect(screen.getByText('Nothing here.')).toBeInTheDocument();
  });
});
