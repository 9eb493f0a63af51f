import { type Locale, locales } from "#app/i18n/locales.ts";

export type LocalizedField<F extends string> = `${F}${Capitalize<Locale>}`;

export function localizedField<F extends string>(field: F, locale: Locale): LocalizedField<F> {
  return `${field}${locale.charAt(0).toUpperCase()}${locale.slice(1)}` as LocalizedField<F>;
}

export function localizedFields<F extends string>(field: F): LocalizedField<F>[] {
  return locales.map((locale) => localizedField(field, locale));
}
