import type { SVGProps } from 'react';
import { Icon } from '../../../components/icons';

/** Small stroke icons for the rooms pages (inline: no icon library on public routes). */
export { CloseIcon as XIcon } from '../../../components/icons';
export {
  BedIcon,
  CheckIcon,
  ChevronLeft as ChevronLeftIcon,
  ChevronRight as ChevronRightIcon,
  GuestsIcon,
  SizeIcon,
} from '../../../components/stay/stay-icons';

export const SparkIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M12 3v4M12 17v4M3 12h4M17 12h4M6 6l2.5 2.5M15.5 15.5 18 18M6 18l2.5-2.5M15.5 8.5 18 6" />
  </Icon>
);
