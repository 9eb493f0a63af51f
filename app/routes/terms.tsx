import { Trans, useLingui } from "@lingui/react/macro";
import { LegalDate, OwnerAddress } from "#app/components/text-pages/legal.tsx";
import { ProsePage, Section } from "#app/components/text-pages/prose-page.tsx";
import { LocalizedLink } from "#app/components/ui/localized-link.tsx";

export default function Terms() {
  const { t } = useLingui();
  return (
    <ProsePage
      title={t`Terms of Use`}
      description={t`The rules for using the Lake Garda Live Camera.`}
      lead={<LegalDate />}
    >
      <Section id="scope" title={t`1. Scope`}>
        <p>{t`These terms apply to the use of this website and everything it offers: the live stream, weather data, the gallery and the contact form. By using the website you accept them.`}</p>
      </Section>
      <Section id="service" title={t`2. The service`}>
        <p>{t`The website is a free, private and non-commercial offer. We try to keep it available at all times, but we cannot guarantee that the camera, the stream or the data are always available, complete or up to date. We may change, pause or end the service at any time.`}</p>
      </Section>
      <Section id="use" title={t`3. Fair use`}>
        <p>{t`The live stream and all content are for personal, non-commercial viewing. Please do not try to overload, circumvent or automatically copy the website, its stream or its data, and do not use it for anything unlawful.`}</p>
        <p>{t`Programs may fetch the pictures for webcam directories, the feeds and the published read API, as long as they do so no more often than the caching time each answer states.`}</p>
      </Section>
      <Section id="copyright" title={t`4. Copyright`}>
        <p>{t`All pictures, videos, time-lapses and texts on this website are protected by copyright. Sharing a link is welcome.`}</p>
        <p>
          <Trans>
            Free of charge, and on business websites too, you may embed the camera with the code on
            our{" "}
            <LocalizedLink to="/about" hash="embed">
              About page
            </LocalizedLink>
            , show its newest picture in webcam directories and display our feeds, unchanged and
            with the visible credit "Lake Garda Live Camera" linking to this website.
          </Trans>
        </p>
        <p>{t`Any other republication and any commercial use require our prior written permission. If you appear in a picture and would like it removed, tell us and we will take it down.`}</p>
      </Section>
      <Section id="data" title={t`5. Weather and lake data`}>
        <p>{t`Weather, water temperature and lake level come from external sources and are shown for information only. They may be inaccurate or out of date. Do not rely on them for decisions about safety, sailing, swimming or navigation; always follow official forecasts and warnings.`}</p>
      </Section>
      <Section id="liability" title={t`6. Liability`}>
        <p>{t`We are liable without limitation for intent and gross negligence. Otherwise, to the extent permitted by law, we are not liable for damages arising from the use of the website or from its temporary unavailability.`}</p>
      </Section>
      <Section id="links" title={t`7. Links to other websites`}>
        <p>{t`Where we link to other websites, their operators alone are responsible for their content. We check linked pages when we add the link, but we cannot monitor them continuously.`}</p>
      </Section>
      <Section id="changes" title={t`8. Changes and applicable law`}>
        <p>{t`We may update these terms when the website changes; the date above shows the current version. Italian law applies, without prejudice to the mandatory consumer protection rules of your country of residence.`}</p>
      </Section>
      <section
        aria-labelledby="terms-contact"
        className="rounded-xl bg-neutral-50 p-5 dark:bg-neutral-900"
      >
        <h2 id="terms-contact">{t`Contact`}</h2>
        <p>{t`Questions about these terms? Write to us:`}</p>
        <OwnerAddress />
      </section>
    </ProsePage>
  );
}
