// catalog: legal

import { useLingui } from "@lingui/react/macro";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { formatDate } from "#app/lib/format.ts";
import { useRootData } from "#app/shell/root-data.ts";

const LEGAL_TEXTS_DATE = "2025-06-10";

export function LegalDate() {
  const { t } = useLingui();
  const date = formatDate(useLocale(), LEGAL_TEXTS_DATE);
  return <p>{t`Last updated: ${date}`}</p>;
}

export function OwnerAddress() {
  const { site } = useRootData();
  return (
    <address className="mt-3 not-italic">
      {site.ownerName}
      <br />
      {site.ownerStreet}
      <br />
      {site.ownerPostalCity}
      <br />
      {site.ownerCountry}
      <br />
      <a href={`mailto:${site.ownerEmail}`}>{site.ownerEmail}</a>
    </address>
  );
}
