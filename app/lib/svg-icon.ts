import { createElement, type SVGProps } from "react";

/**
 * What every icon's component (`~icons/…`, scripts/react-icon-compiler.ts) renders: its SVG
 * inline, hidden from assistive technology unless it is labelled. One function for all of them,
 * so each icon's module holds only its markup.
 */
export function svgIcon(props: SVGProps<SVGSVGElement>, viewBox: string, body: string) {
  return createElement("svg", {
    xmlns: "http://www.w3.org/2000/svg",
    viewBox,
    width: "1em",
    height: "1em",
    "aria-hidden": props["aria-label"] ? undefined : true,
    focusable: "false",
    ...props,
    dangerouslySetInnerHTML: { __html: body },
  });
}
