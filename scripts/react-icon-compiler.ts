import type { CustomCompiler } from "unplugin-icons/types";

/** Compiled at build time, so pages never call an icon service. */
export const reactIconCompiler: CustomCompiler = {
  extension: "js",
  compiler: (svg) => {
    const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? "0 0 24 24";
    const body = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    return `import { createElement } from "react";
const body = ${JSON.stringify(body)};
export default function Icon(props) {
  return createElement("svg", {
    xmlns: "http://www.w3.org/2000/svg",
    viewBox: ${JSON.stringify(viewBox)},
    width: "1em",
    height: "1em",
    "aria-hidden": props["aria-label"] ? undefined : true,
    focusable: "false",
    ...props,
    dangerouslySetInnerHTML: { __html: body },
  });
}
`;
  },
};
