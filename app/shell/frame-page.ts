import { useMatches } from "react-router";

/** The `handle` of a route made for other sites' frames (`frame` in pages.ts). */
export const frameHandle = { frame: true } as const;

export function isFrameHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && "frame" in handle;
}

/** Inside a frame page: no site frame around it, no scroll memory, no beacon. */
export function useIsFramePage(): boolean {
  return useMatches().some((match) => isFrameHandle(match.handle));
}
