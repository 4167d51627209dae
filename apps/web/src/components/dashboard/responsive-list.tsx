import { Grid, List, Table, type PaginationProps, type TableProps } from 'antd';
import type { HTMLAttributes, ReactNode } from 'react';

/**
 * True below antd's `md` breakpoint (768 px), where the dashboard lists show cards instead of
 * tables: a table wide enough for its actions would scroll sideways on a phone and hide them.
 */
export function usePhoneLayout(): boolean {
  return !Grid.useBreakpoint().md;
}

/** How a card stands out: `muted` (switched off, gone by), `alert` (cancelled, refused). */
export type CardTone = 'muted' | 'alert';

const TONES: Record<CardTone | 'plain', string> = {
  plain: 'border-slate-200 bg-white',
  muted: 'border-slate-200 bg-slate-50',
  alert: 'border-rose-200 bg-rose-50/60',
};

type TableOnly<T> = Omit<TableProps<T>, 'dataSource' | 'rowKey' | 'loading' | 'pagination' | 'locale' | 'onRow'>;

/**
 * A dashboard list: the table on wider screens, one card per row on phones (the same data, the
 * same actions). `card` renders a row's card content (use CardFields and CardActions inside);
 * `rowTestId` names both the table row and the card, so a test finds a row on either.
 */
export function ResponsiveList<T extends object>({
  phone,
  rows,
  rowKey,
  loading,
  empty,
  pagination,
  rowTestId,
  card,
  cardTone,
  table,
}: {
  phone: boolean;
  rows: T[];
  rowKey: Extract<keyof T, string> | ((row: T) => string);
  loading?: TableProps<T>['loading'];
  empty: ReactNode;
  pagination: PaginationProps | false;
  rowTestId?: (row: T) => string;
  card: (row: T) => ReactNode;
  cardTone?: (row: T) => CardTone | undefined;
  table: TableOnly<T>;
}) {
  if (phone) {
    return (
      <List<T>
        loading={loading}
        dataSource={rows}
        rowKey={rowKey}
        split={false}
        locale={{ emptyText: empty }}
        pagination={pagination === false ? false : { ...pagination, size: 'small', align: 'center' }}
        renderItem={(row) => (
          <List.Item className="!block !px-0" data-testid={rowTestId?.(row)}>
            <div className={`flex min-w-0 flex-col gap-2 rounded-lg border p-3 ${TONES[cardTone?.(row) ?? 'plain']}`}>{card(row)}</div>
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<T>
      {...table}
      rowKey={rowKey}
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: empty }}
      pagination={pagination}
      onRow={rowTestId ? (row) => ({ 'data-testid': rowTestId(row) }) as HTMLAttributes<HTMLElement> : undefined}
    />
  );
}

/** A card's labelled values, label left and value right, as the columns of the table name them. */
export function CardFields({ fields }: { fields: { label: ReactNode; value: ReactNode; testId?: string }[] }) {
  return (
    <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
      {fields.map((field, i) => (
        <div key={i} className="contents">
          <dt className="text-slate-600">{field.label}</dt>
          <dd className="m-0 text-right font-medium break-words text-slate-800" data-testid={field.testId}>
            {field.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A card's buttons: two a row, each as wide as its half, an odd last one across the whole card,
 * so Bengali labels fit at 375 px and every button is a large target.
 */
export function CardActions({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-2 gap-2 border-t border-slate-100 pt-2 [&>*:last-child:nth-child(odd)]:col-span-2" data-testid={testId}>
      {children}
    </div>
  );
}
