import type { SVGProps } from 'react';
import { Icon } from '../../../components/icons';

/** Small stroke icons for the rooms pages (inline: no icon library on public routes). */
export { CloseIcon as XIcon } from '../../../components/icons';
export { ChevronLeft as ChevronLeftIcon, ChevronRight as ChevronRightIcon, GuestsIcon } from '../../../components/stay/stay-icons';

export const BedIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M3 19V7M3 15h18v4M21 15v-2a3 3 0 0 0-3-3h-7v5M7 13a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z" />
  </Icon>
);
export const SizeIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M4 9V4h5M20 15v5h-5M4 4l6 6M20 20l-6-6M15 4h5v5M9 20H4v-5" />
  </Icon>
);
export const CheckIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);
export const SparkIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  </Icon>
);
