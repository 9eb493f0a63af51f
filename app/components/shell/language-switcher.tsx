import { useLingui } from "@lingui/react/macro";
import { useLocation } from "react-router";
import { localeInfo, locales } from "#app/i18n/locales.ts";

// A plain form, so it works before hydration.
export function LanguageSwitcher({ className = "" }: { className?: string }) {
  const { i18n, t } = useLingui();
  const { pathname, search } = useLocation();
  return (
    <form method="post" action="/api/locale" className={className}>
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <fieldset className="flex gap-0.5">
        <legend className="sr-only">{t`Language`}</legend>
        {locales.map((locale) => {
          const current = locale === i18n.locale;
          return (
            <button
              key={locale}
              type="submit"
              name="locale"
              value={locale}
              lang={locale}
              aria-current={current ? "true" : undefined}
              className={`min-h-11 min-w-11 rounded px-1.5 py-1 text-xs font-semibold uppercase sm:min-h-0 sm:min-w-0 ${
                current
                  ? "bg-primary-700 text-white"
                  : "text-neutral-600 hover:bg-neutral-100 dark:text-neutral-300 dark:hover:bg-neutral-800"
              }`}
            >
              {locale}
              <span className="sr-only"> {localeInfo[locale].name}</span>
            </button>
          );
        })}
      </fieldset>
    </form>
  );
}
