import { Trans, useLingui } from "@lingui/react/macro";
import { LegalDate, OwnerAddress } from "#app/components/text-pages/legal.tsx";
import { ProsePage, Section } from "#app/components/text-pages/prose-page.tsx";
import { LocalizedLink, useLocale } from "#app/components/ui/localized-link.tsx";
import { formatNumber } from "#app/lib/format.ts";
import { useRootData } from "#app/shell/root-data.ts";

export default function Privacy() {
  const { t } = useLingui();
  const { site } = useRootData();
  const retentionDays = site.stillRetentionDays;
  const speedShare = formatNumber(useLocale(), site.speedSamplePercent / 100, { style: "percent" });
  return (
    <ProsePage
      title={t`Privacy Policy`}
      description={t`How the Lake Garda Live Camera handles your data: as little as possible.`}
      lead={<LegalDate />}
    >
      <p>{t`Your privacy matters to us. This website is designed to collect as little personal data as possible. This policy explains what is processed, why, and what rights you have.`}</p>
      <Section id="controller" title={t`1. Who is responsible`}>
        <p>{t`The controller responsible for data processing on this website is:`}</p>
        <OwnerAddress />
      </Section>
      <Section id="access-data" title={t`2. Visiting the website`}>
        <p>{t`When you open a page, your browser sends technical information such as your IP address, the time, the page requested and the browser type. This is needed to deliver the page and protect the site against abuse. It is processed by our hosting provider, Cloudflare, in short-lived logs and is not combined with other data. The legal basis is our legitimate interest in a secure and working website (Art. 6(1)(f) GDPR).`}</p>
        <p>{t`Failed logins to the administration area are counted to stop password guessing, and forgotten one day after the last one. They are counted under a value derived from the network address with a secret key; the address itself is not stored.`}</p>
        <p>{t`To prevent abuse, how many likes, view counts, live stream starts and statistics reports come from the same network is also counted for one minute, and then forgotten.`}</p>
        <p>{t`If another website embeds our camera, your browser loads the embedded view from us like any of our pages, with the same technical information and with that website as the referring page. The embedded view sets no cookie and loads nothing from other websites, and until you start the live view it stores nothing on your device. Link previews in chat apps, feed readers and webcam directories fetch our pages, pictures and feeds from their own servers; they send us nothing about you.`}</p>
      </Section>
      <Section id="cookies" title={t`3. Cookies and local storage`}>
        <p>{t`We only use technically necessary cookies. When you choose a language, we store that choice in a cookie named "lang" for 365 days so that the site opens in your language next time. No other cookie is set for visitors. Only the site owner's browser gets two more, when logging in to the administration area: a session cookie that ends on logging out or after 8 hours, and a cookie that recognises the owner's browser for 400 days, so that the owner can still log in while someone else is trying to guess the password.`}</p>
        <p>{t`If you switch between light and dark mode, your browser remembers the choice in its local storage, and it remembers there which pictures you liked, so that a like is not given twice. Neither ever leaves your device.`}</p>
        <p>{t`While a tab is open, your browser also keeps two technical entries in its session storage, "react-router-scroll-positions" (how far you had scrolled on each page, so that Back returns you there) and "chunk-reload-at" (when the page last reloaded itself after an update of the site, so that it never reloads in a loop); they stay on your device, are never sent to us and are deleted when you close the tab.`}</p>
      </Section>
      <Section id="analytics" title={t`4. Anonymous statistics`}>
        <p>{t`To understand which pages are used, we count page views ourselves, on our own infrastructure; no analytics service or other third party is involved. When a page opens, your browser sends us its address without any search terms and, on the first page of a visit, the name of the website that linked to us. From the request we also take the country it comes from, as our hosting provider Cloudflare determines it, your browser's preferred language and whether you use a phone, a tablet or a computer. These details are added to daily totals and then discarded: no single visit is stored.`}</p>
        <p>{t`To count how many people visit on a given day, we compute a code from your IP address and your browser's identification (user agent) with a random key that changes every day, and a second code in the same way from the address of your network alone (for IPv6, its first half), so that one network counts as no more than five visitors a day. Both codes are kept only until the end of that day (midnight UTC); then they are deleted together with the key, so they can never be traced back to anyone, not even by us. Your IP address and user agent are never stored. If your browser sends the Global Privacy Control signal, we count the page view but compute no code at all and note no linking website.`}</p>
        <p>{t`A website that linked to us is named in the statistics only once visitors from three different networks have come from it. To tell networks apart without storing them, we note for the linking website which of 64 groups your network falls into; the group is computed from the network's address with a fixed secret key and stands for one in 64 of all addresses on the internet, so it says nothing about you. These notes are deleted after 30 days. Reports that none of our pages could have sent are not counted.`}</p>
        <p>{t`A view of the camera embedded on another website counts as a page view like any other, with the embedding website noted as the linking website, under the same rules.`}</p>
        {site.speedSamplePercent > 0 ? (
          <>
            <p>{t`If you start the live view, your browser measures on a random share of starts (currently ${speedShare}) how long the picture took to appear after your press, and sends us this one figure and nothing else. We only add it to a daily count of the figures in the same range (for example "from 2 to 2.5 seconds") and keep nothing more.`}</p>
            <p>{t`On a random share of page loads (currently ${speedShare}), your browser also measures how fast the page was for you, with the open-source library "web-vitals", which comes from our own site: when the largest part of the page appeared, how quickly the page reacted to your taps, clicks and key presses, and how much its layout shifted. When you leave the page or switch to another tab or app, it sends us these figures and nothing else; like the live view's figure, we keep them only as daily counts of the figures in the same range.`}</p>
          </>
        ) : null}
        <p>{t`We also count how often a live session is started and watched to the end, a time-lapse is played, something is liked and a contact message is sent: plain numbers without any reference to a person. Search engines and other crawlers are not counted. The daily totals are kept for 13 months and then deleted. The statistics use no cookies and no local storage, and nothing in them identifies you. The legal basis is our legitimate interest in knowing how the site is used (Art. 6(1)(f) GDPR).`}</p>
      </Section>
      <Section id="contact" title={t`5. Contact form`}>
        <p>{t`If you write to us via the contact form, your name, e-mail address, subject and message go straight to us by e-mail so that we can answer, together with the language of the page you wrote from. Our hosting provider Cloudflare delivers the e-mail. The website does not store them permanently: once the e-mail has been sent, it keeps nothing of them. We delete the e-mail when your request has been dealt with, unless the law requires us to keep it. The legal basis is your request (Art. 6(1)(b) GDPR).`}</p>
        <p>{t`To keep out automated spam, the form asks a small arithmetic question. Once a question has been answered, the website remembers a random code of it until the question expires two hours after it was asked, and deletes it within ten minutes after that, so that no answer can be used twice. It also counts how many messages are sent each day and, so that no one can use up a whole day's messages, how many come from the same network (at most three a day), under a code computed from the network's address with a random key that changes every day. The code is kept until the end of the day (midnight UTC) and then deleted together with the key. None of this says anything about you or your message. How many messages come from the same network is also counted for one minute. When many messages have arrived on one day, your browser first solves a small computing task that takes at most about a second; only its result is sent with your message. Without JavaScript, the form then takes messages again the next day.`}</p>
      </Section>
      <Section id="media" title={t`6. Live stream, media and data storage`}>
        <p>{t`The live stream is served as HLS, and videos and time-lapses as files, from our own storage; no external video platform is involved. The site's content, such as the gallery and its settings, is held in a small database. To count likes and views fairly without a cookie, we note for the day which pictures were liked and viewed from your network, under the network's code described in section 4 (for this, also when your browser sends Global Privacy Control); the note is deleted together with the code at the end of the day, and the address itself is never stored.`}</p>
        <p>{t`The camera films the harbour and the lake. It is positioned and set up so that individual people cannot be recognised.`}</p>
        <p>{t`So that people who cannot see them also learn what they show, the time-lapses, the photos and videos published in the gallery without a description and the archive's pictures chosen as sunset or best of the day, or marked best of, get a short description in five languages. Our server sends these pictures, and only them, to Cloudflare's AI service (Workers AI), which writes the texts; no data about visitors is sent. Automatic texts are marked for the site owner until checked.`}</p>
        <p>{t`Every ten minutes the camera's current picture is added to the public archive, together with the weather at that moment (condition, air and water temperature, wind). A picture is kept for ${retentionDays} days and then deleted automatically; only pictures the site owner selects as "best of" are kept without a time limit.`}</p>
        <p>
          <Trans>
            If you recognise yourself or something of yours in a picture and want it removed, write
            to us through the <LocalizedLink to="/contact">contact page</LocalizedLink> with the
            date and time shown under the picture. We then delete the picture from the archive,
            together with its file.
          </Trans>
        </p>
      </Section>
      <Section id="third-parties" title={t`7. External services`}>
        <p>{t`Weather, lake level and the water temperature in the north of the lake are fetched by our server from public sources; the water temperature in the south is measured by us. Your browser never contacts these services, and no fonts, icons or scripts are loaded from other websites. Our hosting provider Cloudflare processes data on our behalf under a data processing agreement.`}</p>
      </Section>
      <Section id="rights" title={t`8. Your rights`}>
        <p>{t`You have the right to access, rectify and erase your personal data, to restrict or object to its processing, and to data portability. To exercise them, write to the e-mail address above. You may also lodge a complaint with a supervisory authority, in Italy the Garante per la protezione dei dati personali.`}</p>
      </Section>
    </ProsePage>
  );
}
