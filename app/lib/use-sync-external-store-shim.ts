// Stands in for `use-sync-external-store/shim` (vite.config.ts): Lingui's provider imports the
// shim for React 16 and 17, and on React 18 and later the shim hands out React's own hook. This
// gives the same hook without shipping the fallback that never runs.
export { useSyncExternalStore } from "react";
