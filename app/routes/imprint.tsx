import { useLingui } from "@lingui/react/macro";
import { OwnerAddress } from "#app/components/text-pages/legal.tsx";
import { ProsePage, Section } from "#app/components/text-pages/prose-page.tsx";
import { useRootData } from "#app/shell/root-data.ts";

export default function Imprint() {
  const { t } = useLingui();
  const { site } = useRootData();
  const owner = site.ownerName;
  return (
    <ProsePage title={t`Imprint`} description={t`Who runs the Lake Garda Live Camera.`}>
      <Section id="operator" title={t`Operator`}>
        <p>{t`This website is a private, non-commercial project run by:`}</p>
        <OwnerAddress />
      </Section>
      <Section id="responsible" title={t`Responsible for the content`}>
        <p>{t`${owner}, address as above.`}</p>
      </Section>
      <Section id="disclaimer" title={t`Disclaimer`}>
        <p>{t`We compile the content of this website with care but cannot guarantee that it is correct, complete or current. Weather and lake data come from external sources and are for information only. We are not responsible for the content of external websites we link to.`}</p>
      </Section>
      <Section id="copyright" title={t`Copyright`}>
        <p>{t`Pictures, videos and texts on this website are protected by copyright. Any use beyond private viewing requires our prior written permission.`}</p>
      </Section>
      <Section id="disputes" title={t`Online dispute resolution`}>
        <p>{t`As a private, non-commercial website we do not take part in dispute resolution proceedings before a consumer arbitration board.`}</p>
      </Section>
    </ProsePage>
  );
}
