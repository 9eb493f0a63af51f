import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

// The text pages' own catalog (see app/i18n/text-pages.ts): their routes and components.
const textPageSources = [
  "<rootDir>/app/routes/about.tsx",
  "<rootDir>/app/routes/contact.tsx",
  "<rootDir>/app/routes/privacy.tsx",
  "<rootDir>/app/routes/terms.tsx",
  "<rootDir>/app/routes/imprint.tsx",
  "<rootDir>/app/components/legal.tsx",
];

export default defineConfig({
  sourceLocale: "en",
  locales: ["de", "en", "it", "fr", "es"],
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
