import { useLingui } from "@lingui/react/macro";
import { PageMeta } from "~/components/page-meta";
import GalleryIcon from "~icons/mdi/image-multiple-outline";

export default function Gallery() {
  const { t } = useLingui();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageMeta
        title={t`Gallery`}
        description={t`Photos, videos and daily time-lapses of Lake Garda.`}
      />
      <h1 className="text-2xl font-bold tracking-tight break-words hyphens-auto sm:text-4xl">{t`Gallery`}</h1>
      <div className="mt-10 rounded-xl border border-dashed border-neutral-300 p-12 text-center dark:border-neutral-700">
        <GalleryIcon className="mx-auto size-12 text-neutral-400" />
        <p className="mt-4 text-lg font-medium">{t`More content coming soon`}</p>
        <p className="mt-2 text-neutral-600 dark:text-neutral-400">
          {t`Photos, videos and the daily time-lapse will appear here shortly.`}
        </p>
      </div>
    </div>
  );
}
