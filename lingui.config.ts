import { globSync, readFileSync } from "node:fs";
import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { locales } from "#app/i18n/locales.ts";
import { catalogModules, type PageCatalog, pageCatalogs } from "#app/shell/pages.ts";

// A page catalog (ADR 003) holds its pages' route modules and every file whose first line names
// it (`// catalog: gallery`), wherever the file lives; all other messages are the main catalog's.
const marker = /^\/\/ catalog: (\S+)\n/;
const markedFiles = globSync("app/**/*.{ts,tsx}").flatMap((file) => {
  const catalog = marker.exec(readFileSync(file, "utf8"))?.[1];
  if (catalog === undefined) return [];
  if (!pageCatalogs.includes(catalog as PageCatalog)) {
    throw new Error(`${file} names a catalog that does not exist: ${catalog}`);
  }
  return [{ file, catalog }];
});

const sourcesOf = (catalog: PageCatalog) => [
  ...catalogModules(catalog).map((module) => `<rootDir>/app/${module}`),
  ...markedFiles
    .filter((marked) => marked.catalog === catalog)
    .map(({ file }) => `<rootDir>/${file}`),
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
