import { createElement, type SVGProps } from "react";

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
