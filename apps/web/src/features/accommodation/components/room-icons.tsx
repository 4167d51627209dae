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

