export { useSyncExternalStore } from "react";
