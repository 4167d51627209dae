import { StopOutlined } from '@ant-design/icons';
import type { TBlock } from '@residency/shared';
import { useBlockTexts } from '../block-texts';

/** The blocks of one room beside it on housekeeping: "Blocked by Airbnb, dates" or "Closed: reason, dates". */
export function RoomBlocks({ blocks }: { blocks: TBlock[] }) {
  const { short } = useBlockTexts();
  if (blocks.length === 0) return null;
  return (
    <ul className="m-0 list-none p-0" data-testid="room-blocks">
      {blocks.map((block) => (
        <li key={block._id} className="flex min-w-0 items-start gap-1.5 text-xs text-rose-800">
          <StopOutlined aria-hidden className="mt-0.5" />
          <span className="min-w-0 [overflow-wrap:anywhere]">{short(block)}</span>
        </li>
      ))}
    </ul>
  );
}
