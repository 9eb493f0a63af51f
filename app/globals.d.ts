/** Set by vite.config.ts; the same value in the client and the Worker of one build. */
declare const __BUILD_ID__: string;

declare module "~icons/*" {
  import type { SVGProps } from "react";

  const Icon: (props: SVGProps<SVGSVGElement>) => React.JSX.Element;
  export default Icon;
}

/** CSS masks compiled from an Iconify collection (scripts/icon-masks.ts). */
declare module "virtual:icon-mask/*";
