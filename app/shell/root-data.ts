import { useRouteLoaderData } from "react-router";

/** What every page may show of the configuration: the owner and the camera, no secrets. */
export type SiteInfo = {
  siteUrl: string;
  ownerName: string;
  ownerEmail: string;
  ownerStreet: string;
  ownerPostalCity: string;
  ownerCountry: string;
  cameraLocation: string;
  cameraLatitude: number;
  cameraLongitude: number;
  supportUrl: string;
  /** Days an archived still is kept unless it is marked best of (the privacy policy says so). */
  stillRetentionDays: number;
};

export type RootData = { site: SiteInfo; maintenance: boolean };

export function useRootData(): RootData {
  const root = useRouteLoaderData<RootData>("root");
  if (!root) throw new Error("root loader data is missing");
  return root;
}

/** For the error page, which also renders when the root loader itself failed. */
export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
