import { useTranslation } from 'react-i18next';
import { categoryTexts } from './category-texts';
import { useGetCategoriesQuery } from './categories-api';

/**
 * A room type's name in the reader's language, for screens that only hold the name a booking
 * stored (bookings keep the English name). In Bengali the categories (public, cached) give the
 * translation; a name they do not know, or any name in English, is shown as it is.
 */
export function useCategoryName(): (name: string) => string {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? 'en';
  const categories = useGetCategoriesQuery(undefined, { skip: lng !== 'bn' });
  return (name) => categoryTexts(categories.data?.data.find((c) => c.name === name), lng).name || name;
}
