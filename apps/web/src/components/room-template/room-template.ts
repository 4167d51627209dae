import type { TRoomTemplate } from '@residency/shared';

/** How a template field is edited and shown. `list`: a list of texts, typed comma separated. */
type FieldKind = 'text' | 'textarea' | 'number' | 'switch' | 'list';

/** The sections of the room template after the overview and the special benefits. */
export type TemplateSection = Exclude<keyof TRoomTemplate, 'room_overview' | 'special_benefits'>;

export interface TemplateField {
  name: string;
  kind: FieldKind;
}

const f = (name: string, kind: FieldKind): TemplateField => ({ name, kind });

/**
 * Every field of the room template sections (spec section 3), in the spec's order. The add-room
 * form, the category form and the room details read this list, so a field is never forgotten
 * in one of them. Labels are `rooms:fields.{section}.{name}`.
 */
export const TEMPLATE_FIELDS: Record<TemplateSection, TemplateField[]> = {
  beds_and_bedding: [
    f('maximum_occupancy', 'number'),
    f('maximum_adults', 'number'),
    f('maximum_children', 'number'),
    f('maximum_infants', 'number'),
    f('extra_adult_charge', 'number'),
    f('beds', 'text'),
    f('cribs_permitted', 'number'),
    f('rollaway_beds_permitted', 'switch'),
    f('duvet', 'switch'),
  ],
  room_features: [
    f('windows', 'text'),
    f('air_conditioned', 'switch'),
    f('non_smoking', 'switch'),
    f('connecting_rooms_available', 'switch'),
    f('hooks', 'switch'),
    f('usb_outlets', 'switch'),
  ],
  bath_and_bathroom_features: [
    f('separate_bathtub_and_shower', 'switch'),
    f('lighted_makeup_mirror', 'switch'),
    f('hair_dryer', 'switch'),
    f('robe', 'switch'),
    f('slippers', 'switch'),
  ],
  furniture_and_furnishings: [
    f('alarm_clock', 'switch'),
    f('safe_in_room', 'switch'),
    f('safe_fee', 'switch'),
    f('desk', 'switch'),
    f('electrical_outlet', 'switch'),
    f('iron_and_ironing_board', 'switch'),
    f('trouser_press', 'switch'),
  ],
  food_and_beverages: [
    f('room_service', 'text'),
    f('bottled_water', 'text'),
    f('minibar', 'text'),
    f('coffee_tea_maker', 'switch'),
    f('instant_hot_water', 'switch'),
  ],
  internet_and_phones: [f('phones', 'number'), f('phone_features', 'list'), f('wireless_internet', 'text')],
  entertainment: [
    f('international_channels', 'list'),
    f('plug_in_high_tech_room', 'switch'),
    f('cable_satellite', 'switch'),
  ],
  accessible_room_features: [
    f('mobility_accessible_rooms', 'switch'),
    f('roll_in_shower', 'switch'),
    f('hearing_accessible_rooms', 'switch'),
  ],
};

export const TEMPLATE_SECTIONS = Object.keys(TEMPLATE_FIELDS) as TemplateSection[];
