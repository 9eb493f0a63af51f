import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import { locales } from "#app/i18n/locales.ts";
import { pageCatalogs } from "#app/shell/pages.ts";

const ID = "virtual:locale-catalogs";
const catalogDir = fileURLToPath(new URL("../locales/", import.meta.url));

/**
 * `virtual:locale-catalogs`: the browser's catalogs, one module per language holding its main
 * catalog and the addresses of its page catalogs, so a page carries only its language's.
 */
export function localeCatalogs(): Plugin {
  return {
    name: "locale-catalogs",
    resolveId(id) {
      return id === ID || id.startsWith(`${ID}/`) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${ID}`) {
        const loaders = locales.map((locale) => `${locale}: () => import("${ID}/${locale}")`);
        return `export const localeCatalogs = { ${loaders.join(", ")} };`;
      }
      if (!id.startsWith(`\0${ID}/`)) return undefined;
      const dir = `${catalogDir}${id.slice(ID.length + 2)}`;
      const loaders = pageCatalogs.map(
        (catalog) => `${catalog}: () => import("${dir}/${catalog}.po")`,
      );
      return `export { messages } from "${dir}/messages.po";\nexport const catalogs = { ${loaders.join(", ")} };`;
    },
  };
}
