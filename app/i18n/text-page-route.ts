import { ensurePageCatalog } from "./load-messages.ts";

// The text pages' messages live in their own catalog, loaded before a client navigation
// renders one. A route with only a clientLoader would not render on the server, hence the
// loader. Each text page re-exports this pair.
export const loader = () => null;
export const clientLoader = () => ensurePageCatalog("pages");
