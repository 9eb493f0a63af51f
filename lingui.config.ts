import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { locales } from "./app/i18n/locales.ts";
import { textPageModules } from "./app/lib/pages.ts";

// The text pages' own catalog (ADR 003): their routes and the components only they use.
const textPageSources = [
  ...textPageModules.map((module) => `<rootDir>/app/${module}`),
  "<rootDir>/app/components/text-pages",
];

export default defineConfig({
  sourceLocale: "en",
  locales: [...locales],
  fallbackLocales: { default: "en" },
  catalogs: [
    {
      path: "<rootDir>/locales/{locale}/messages",
      include: ["<rootDir>/app"],
      exclude: textPageSources,
    },
    { path: "<rootDir>/locales/{locale}/pages", include: textPageSources },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: "messageId",
});
