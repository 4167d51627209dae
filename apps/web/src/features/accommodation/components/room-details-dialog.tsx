import { formatAmount, formatWholeNumber } from '@residency/shared/display';
import type { TCategory } from '@residency/shared';
import { capacityText, fromPriceOf } from '@residency/shared/room-rules';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { categoryTexts } from '../../../lib/category-texts';
import { RoomGallery } from './room-gallery';
import { BedAndSizeItems } from './bed-and-size';
import { CheckIcon, GuestsIcon, XIcon } from './room-icons';
import { RoomPrice } from './room-price';

type Section = Record<string, unknown> | undefined;

/** One of the ten sections of the pop-up: facts (label and value), ticked features, and lists. */
interface DetailSection {
  id: string;
  facts: [label: string, value: string][];
  ticks: string[];
  list?: { label: string; items: string[] };
}

const num = (s: Section, key: string) => (typeof s?.[key] === 'number' && Number.isFinite(s[key]) ? (s[key] as number) : null);

/** The boolean features of each section, in the spec's order. */
const TICKS: Record<string, string[]> = {
  beds_and_bedding: ['rollaway_beds_permitted', 'duvet'],
  room_features: ['air_conditioned', 'non_smoking', 'connecting_rooms_available', 'hooks', 'usb_outlets'],
  bath_and_bathroom_features: ['separate_bathtub_and_shower', 'lighted_makeup_mirror', 'hair_dryer', 'robe', 'slippers'],
  furniture_and_furnishings: ['alarm_clock', 'safe_in_room', 'safe_fee', 'desk', 'electrical_outlet', 'iron_and_ironing_board', 'trouser_press'],
  food_and_beverages: ['coffee_tea_maker', 'instant_hot_water'],
  entertainment: ['plug_in_high_tech_room', 'cable_satellite'],
  accessible_room_features: ['mobility_accessible_rooms', 'roll_in_shower', 'hearing_accessible_rooms'],
};

/**
 * The room details pop-up (spec section 2): titled Accommodation, with the photo carousel, the
 * room name, the From price per night, the bed and size line, the description and the ten
 * sections; in Bengali every free text comes from the category's Bengali texts where it has them
 * (`categoryTexts`). A modal dialog: focus moves in and comes back, Escape and the close button close
 * it, Tab stays inside, the page behind does not scroll. Full screen on phones, centred on
 * wider screens.
 */
export function RoomDetailsDialog({
  category,
  initialIndex = 0,
  onClose,
  action,
}: {
  category: TCategory;
  initialIndex?: number;
  onClose: () => void;
  /** The way on to booking (the page's Book link), kept in view under the scrolling details. */
  action?: ReactNode;
}) {
  const { t, i18n } = useTranslation('accommodation');
  const lng = i18n.resolvedLanguage ?? 'en';
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const texts = categoryTexts(category, lng);
  const latestClose = useRef(onClose);
  useEffect(() => {
    latestClose.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    const body = document.body.style;
    const saved = { overflow: body.overflow, paddingRight: body.paddingRight };
    // Hiding the scroll bar must not make the page behind jump sideways.
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    body.overflow = 'hidden';
    if (scrollbar > 0) body.paddingRight = `${scrollbar}px`;

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        latestClose.current();
      } else if (e.key === 'Tab' && panel.current) {
        const focusable = [...panel.current.querySelectorAll<HTMLElement>('button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])')].filter(
          (el) => !el.hasAttribute('disabled') && !el.closest('[aria-hidden="true"]'),
        );
        const first = focusable[0];
        const last = focusable[focusable.length - 1];
        if (!first || !last) return;
        if (e.shiftKey && (document.activeElement === first || !panel.current.contains(document.activeElement))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (document.activeElement === last || !panel.current.contains(document.activeElement))) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      body.overflow = saved.overflow;
      body.paddingRight = saved.paddingRight;
      opener?.focus({ preventScroll: true });
    };
  }, []);

  const n = (value: number | null) => (value === null ? '' : formatWholeNumber(value, lng));
  const beds = category.beds_and_bedding as Section;
  const internet = category.internet_and_phones as Section;
  const extra = num(beds, 'extra_adult_charge');
  const tickLabels = (section: keyof typeof TICKS) => {
    const values = category[section as keyof TCategory] as Section;
    return TICKS[section]!.filter((key) => values?.[key] === true).map((key) => t(`fields.${key}`));
  };

  const sections: DetailSection[] = [
    {
      id: 'overview',
      facts: [
        [t('fields.size'), texts.size],
        [t('fields.wireless_internet'), texts.wirelessInternet],
      ],
      ticks: [],
    },
    { id: 'benefits', facts: [], ticks: texts.benefits },
    {
      id: 'beds',
      facts: [
        [t('fields.beds'), texts.beds],
        [t('fields.maximum_occupancy'), n(num(beds, 'maximum_occupancy'))],
        [t('fields.maximum_adults'), n(num(beds, 'maximum_adults'))],
        [t('fields.maximum_children'), n(num(beds, 'maximum_children'))],
        [t('fields.maximum_infants'), n(num(beds, 'maximum_infants'))],
        [t('fields.extra_adult_charge'), extra === null ? '' : extra > 0 ? formatAmount(extra, lng) : t('values.noCharge')],
        [t('fields.cribs_permitted'), n(num(beds, 'cribs_permitted'))],
      ],
      ticks: tickLabels('beds_and_bedding'),
    },
    { id: 'features', facts: [[t('fields.windows'), texts.windows]], ticks: tickLabels('room_features') },
    { id: 'bath', facts: [], ticks: tickLabels('bath_and_bathroom_features') },
    { id: 'furniture', facts: [], ticks: tickLabels('furniture_and_furnishings') },
    {
      id: 'food',
      facts: [
        [t('fields.room_service'), texts.roomService],
        [t('fields.bottled_water'), texts.bottledWater],
        [t('fields.minibar'), texts.minibar],
      ],
      ticks: tickLabels('food_and_beverages'),
    },
    {
      id: 'internet',
      facts: [
        [t('fields.phones'), n(num(internet, 'phones'))],
        [t('fields.wireless_internet'), texts.internetWireless],
      ],
      ticks: [],
      list: { label: t('fields.phone_features'), items: texts.phoneFeatures },
    },
    {
      id: 'entertainment',
      facts: [],
      ticks: tickLabels('entertainment'),
      list: { label: t('fields.international_channels'), items: texts.channels },
    },
    { id: 'accessible', facts: [], ticks: tickLabels('accessible_room_features') },
  ];

  return createPortal(
    <div className="fixed inset-0 z-[80] flex items-stretch justify-center sm:items-center sm:p-6" data-testid="room-details">
      <div className="absolute inset-0 bg-brand-900/60" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="relative flex h-full w-full flex-col bg-white shadow-2xl sm:h-auto sm:max-h-[min(92vh,960px)] sm:max-w-3xl sm:rounded-2xl"
      >
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-6">
          <h2 id={titleId} className="font-display text-xl text-brand-800">
            {t('dialog.title')}
          </h2>
          <button
            ref={closeButton}
            type="button"
            onClick={onClose}
            className="rounded-full p-2 text-slate-600 hover:bg-slate-100"
            aria-label={t('dialog.close')}
            data-testid="room-details-close"
          >
            <XIcon className="h-6 w-6" />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto overscroll-contain" data-testid="room-details-body">
          <div className="sm:px-6 sm:pt-5">
            <RoomGallery images={category.images} name={texts.name} initialIndex={initialIndex} />
          </div>
          <div className="px-4 pt-4 pb-10 sm:px-6">
            <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
              <h3 className="font-display text-2xl text-brand-800 sm:text-3xl" data-testid="room-details-name">
                {texts.name}
              </h3>
              <RoomPrice rackRate={category.rackRate} offerPrice={fromPriceOf(category)} from minStay={category.fromMinStay ?? null} />
            </div>
            <BedAndSize
              beds={texts.beds}
              size={texts.size}
              capacity={capacityText(category.beds_and_bedding, (key, values) => t(`capacity.${key}`, values), (v) => formatWholeNumber(v, lng))}
              className="mt-3"
            />
            {texts.description && <p className="mt-4 leading-relaxed text-slate-700">{texts.description}</p>}
            <div className="mt-8 grid gap-x-10 gap-y-7 md:grid-cols-2">
              {sections.map((section) => (
                <DetailBlock key={section.id} id={`${titleId}-${section.id}`} title={t(`sections.${section.id}`)} section={section} empty={t('values.notListed')} />
              ))}
            </div>
          </div>
        </div>
        {action && (
          <div className="grid border-t border-slate-100 px-4 py-3 sm:flex sm:justify-end sm:px-6" data-testid="room-details-footer">
            {action}
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}

/** The line of the pop-up with who the room sleeps, its beds and its size. */
function BedAndSize({ beds, size, capacity, className = '' }: { beds: string; size: string; capacity?: string | null; className?: string }) {
  if (!beds && !size && !capacity) return null;
  return (
    <p className={`flex flex-wrap items-center gap-x-5 gap-y-1 text-sm text-slate-700 ${className}`} data-testid="bed-size-line">
      {capacity && (
        <span className="inline-flex items-center gap-1.5" data-testid="room-capacity">
          <GuestsIcon className="h-5 w-5 text-brand-700" />
          {capacity}
        </span>
      )}
      <BedAndSizeItems beds={beds} size={size} />
    </p>
  );
}

function DetailBlock({ id, title, section, empty }: { id: string; title: string; section: DetailSection; empty: string }) {
  const facts = section.facts.filter(([, value]) => value !== '');
  const list = section.list && section.list.items.length > 0 ? section.list : null;
  let content: ReactNode = <p className="text-sm text-slate-500">{empty}</p>;
  if (facts.length > 0 || section.ticks.length > 0 || list) {
    content = (
      <>
        {facts.length > 0 && (
          <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-medium text-slate-800">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        {section.ticks.length > 0 && (
          <ul className={`grid gap-1.5 text-sm text-slate-800 ${facts.length > 0 ? 'mt-3' : ''}`}>
            {section.ticks.map((label) => (
              <li key={label} className="flex gap-2">
                <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-500" />
                <span>{label}</span>
              </li>
            ))}
          </ul>
        )}
        {list && (
          <div className={facts.length > 0 || section.ticks.length > 0 ? 'mt-3' : ''}>
            <p className="text-sm text-slate-500">{list.label}</p>
            <ul className="mt-1.5 flex flex-wrap gap-1.5">
              {list.items.map((item) => (
                <li key={item} className="rounded-full bg-sand-100 px-2.5 py-1 text-xs font-medium text-brand-800">
                  {item}
                </li>
              ))}
            </ul>
          </div>
        )}
      </>
    );
  }
  return (
    <section aria-labelledby={id} className="border-t border-slate-100 pt-4" data-testid="room-details-section">
      <h4 id={id} className="mb-2.5 font-display text-lg text-brand-800">
        {title}
      </h4>
      {content}
    </section>
  );
}
