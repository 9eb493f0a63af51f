/** Marks the page hydrated, once every effect of the first render is in place (root's Shell). */
export function markPageHydrated(): void {
  document.documentElement.dataset.hydrated = "";
}

/**
 * Whether this render comes after the page's hydration, as a link followed in the browser does:
 * false on the server and while the server's page hydrates.
 */
export function pageHydrated(): boolean {
  return typeof document !== "undefined" && "hydrated" in document.documentElement.dataset;
}
