import { useRouteLoaderData } from "react-router";

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
  stillRetentionDays: number;
  /** The share of live starts and page loads that report their speed to the owner (ADR 014). */
  speedSamplePercent: number;
};

export type RootData = {
  site: SiteInfo;
  maintenance: boolean;
  /** The site and the camera's place as JSON-LD, on the public pages. */
  jsonLd: string | null;
};

export function useRootData(): RootData {
  const root = useRouteLoaderData<RootData>("root");
  if (!root) throw new Error("root loader data is missing");
  return root;
}

export function useOptionalRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
