import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Plugin } from "vite";

const PREFIX = "virtual:icon-mask/";
const require = createRequire(import.meta.url);

type Collection = {
  width?: number;
  height?: number;
  icons: Record<string, { body: string; width?: number; height?: number }>;
};

const collections = new Map<string, Collection>();

function collection(name: string): Collection {
  let icons = collections.get(name);
  if (!icons) {
    icons = JSON.parse(readFileSync(require.resolve(`@iconify-json/${name}/icons.json`), "utf8"));
    collections.set(name, icons as Collection);
  }
  return icons as Collection;
}

/** `virtual:icon-mask/mdi/<name>.css`: a `currentColor` mask, so icons travel in CSS, not JS. */
export function iconMasks(): Plugin {
  return {
    name: "icon-masks",
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return undefined;
      const [set = "", name = ""] = id
        .slice(PREFIX.length + 1)
        .replace(/\.css(\?.*)?$/, "")
        .split("/");
      const icons = collection(set);
      const icon = icons.icons[name];
      if (!icon) return this.error(`icon-masks: no icon "${name}" in @iconify-json/${set}`);
      const width = icon.width ?? icons.width ?? 24;
      const height = icon.height ?? icons.height ?? 24;
      const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 ${width} ${height}'>${icon.body.replace(/"/g, "'")}</svg>`;
      // Only the characters a CSS url("…") of an SVG data URI cannot carry are escaped.
      const url = `data:image/svg+xml,${svg.replace(/[<>#%{}\n]/g, encodeURIComponent)}`;
      const mask = "var(--icon) center/contain no-repeat";
      return `.icon-${set}-${name}{--icon:url("${url}");display:inline-block;background-color:currentColor;-webkit-mask:${mask};mask:${mask}}\n`;
    },
  };
}
