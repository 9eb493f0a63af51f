import { fileURLToPath } from "node:url";
import type { CustomCompiler } from "unplugin-icons/types";

const svgIcon = fileURLToPath(new URL("../app/lib/svg-icon.ts", import.meta.url));

/** At build time, so no page calls an icon service; an icon's module is its markup and svgIcon. */
export const reactIconCompiler: CustomCompiler = {
  extension: "js",
  compiler: (svg) => {
    const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? "0 0 24 24";
    const body = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    return `import { svgIcon } from ${JSON.stringify(svgIcon)};
export default function Icon(props) {
  return svgIcon(props, ${JSON.stringify(viewBox)}, ${JSON.stringify(body)});
}
`;
  },
};
