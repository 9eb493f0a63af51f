/** Set by vite.config.ts; the same value in the client and the Worker of one build. */
declare const __BUILD_ID__: string;

declare module "~icons/*" {
  import type { SVGProps } from "react";

  const Icon: (props: SVGProps<SVGSVGElement>) => React.JSX.Element;
  export default Icon;
}

/** CSS masks compiled from an Iconify collection (scripts/icon-masks.ts); `?inline` as text. */
declare module "virtual:icon-mask/*" {
  const css: string;
  export default css;
}

// hls.js types its full build only; the light build lacks just what the camera never uses (subtitles, audio tracks, DRM, CMCD).
declare module "hls.js/light" {
  export * from "hls.js";
  export { default } from "hls.js";
}

// exifr's smallest build reads JPEG and EXIF only, which is all the Upload tab needs.
declare module "exifr/dist/mini.esm.mjs" {
  export * from "exifr";
  export { default } from "exifr";
}
