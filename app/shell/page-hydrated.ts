export function markPageHydrated(): void {
  document.documentElement.dataset.hydrated = "";
}

/** False on the server and while its page hydrates; true after, as on a client navigation. */
export function pageHydrated(): boolean {
  return typeof document !== "undefined" && "hydrated" in document.documentElement.dataset;
}
