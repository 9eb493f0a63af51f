import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { locales } from "#app/i18n/locales.ts";
import { catalogComponents, catalogModules, pageCatalogs } from "#app/lib/pages.ts";

// Each page catalog (ADR 003): its pages' route modules and the components only they use.
const sourcesOf = (catalog: (typeof pageCatalogs)[number]) => [
  ...catalogModules(catalog).map((module) => `<rootDir>/app/${module}`),
  `<rootDir>/app/${catalogComponents[catalog]}`,
];

export default defineConfig({
  sourceLocale: "en",
  locales: [...locales],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["<rootDir>/app"],
      exclude: pageCatalogs.flatMap(sourcesOf),
    },
    ...pageCatalogs.map((catalog) => ({
      path: `<rootDir>/locales/{locale}/${catalog}`,
      include: sourcesOf(catalog),
    })),
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: "messageId",
});
