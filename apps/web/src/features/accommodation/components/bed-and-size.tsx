import { BedIcon, SizeIcon } from './room-icons';

/** The beds and the size, each with its icon (for a line that holds more). */
export function BedAndSizeItems({ beds, size }: { beds: string; size: string }) {
  return (
    <>
      {beds && (
        <span className="inline-flex items-center gap-1.5" data-testid="room-beds">
          <BedIcon className="h-5 w-5 text-brand-700" />
          {beds}
        </span>
      )}
      {size && (
        <span className="inline-flex items-center gap-1.5" data-testid="room-size">
          <SizeIcon className="h-5 w-5 text-brand-700" />
          {size}
        </span>
      )}
    </>
  );
}
