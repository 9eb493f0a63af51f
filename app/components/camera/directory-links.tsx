// catalog: admin

import { useLingui } from "@lingui/react/macro";
import { useRootData } from "#app/shell/root-data.ts";

export function DirectoryLinks() {
  const { t } = useLingui();
  const { site } = useRootData();
  const newest = (version?: string) =>
    new URL(`/api/stills/newest.jpg${version ? `?version=${version}` : ""}`, site.siteUrl).href;
  const sizes = [
    [t`640 px wide`, newest("thumbnail")],
    [t`1280 px wide`, newest("medium")],
    [t`Full size`, newest()],
  ] as const;
  return (
    <section aria-labelledby="directories-title">
      <h3 id="directories-title" className="text-lg font-semibold">{t`Webcam directories`}</h3>
      <p className="mt-2 max-w-3xl text-sm">
        {t`Windy and similar directories list a webcam from a public picture they fetch about once a minute. Give them one of these addresses: each is always the newest still, and says when it was taken, so a directory never shows an old picture as new.`}
      </p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {sizes.map(([label, url]) => (
          <div key={url} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="break-all font-mono">{url}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
