import { loadCatalog } from "#app/i18n/load-messages.ts";

/** The zoom viewer, panzoom and their words: loaded on a Zoom button's press or intent. */
export const loadZoomViewer = () =>
  Promise.all([import("./zoom-viewer.tsx"), loadCatalog("zoom")]).then(([viewer]) => viewer);
