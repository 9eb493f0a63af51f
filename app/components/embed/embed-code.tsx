// catalog: pages

import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { useLocale } from "#app/components/ui/localized-link.tsx";
import { EMBED_WIDTHS, embedFrameSize } from "#app/features/embed/embed-size.ts";
import { embedTitle } from "#app/features/embed/embed-texts.ts";
import { localizePath } from "#app/i18n/locales.ts";
import { useRootData } from "#app/shell/root-data.ts";

const DEFAULT_WIDTH = 640;

export function EmbedCode() {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const { site } = useRootData();
  const [width, setWidth] = useState<number>(DEFAULT_WIDTH);
  const [copied, setCopied] = useState(false);
  const codeId = useId();
  const size = embedFrameSize(width);
  const title = embedTitle(i18n, site.cameraLocation);
  const src = new URL(localizePath("/embed", locale), site.siteUrl).href;
  const code = `<iframe src="${src}" title="${title}" width="${size.width}" height="${size.height}" allow="fullscreen" loading="lazy" style="border:0;max-width:100%"></iframe>`;
  const copy = () => {
    void navigator.clipboard.writeText(code).then(() => setCopied(true));
  };
  return (
    <>
      <fieldset className="mt-3">
        <legend>{t`Size`}</legend>
        <div className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
          {EMBED_WIDTHS.map((preset) => {
            const { height } = embedFrameSize(preset);
            return (
              <label key={preset} className="inline-flex items-center gap-2">
                <input
                  type="radio"
                  name="embed-width"
                  value={preset}
                  checked={width === preset}
                  onChange={() => {
                    setWidth(preset);
                    setCopied(false);
                  }}
                />
                {`${preset} × ${height}`}
              </label>
            );
          })}
        </div>
      </fieldset>
      <label htmlFor={codeId} className="mt-3 block font-medium">
        {t`Code for your page`}
      </label>
      <textarea
        id={codeId}
        readOnly
        rows={4}
        value={code}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 w-full rounded-lg border border-neutral-300 bg-neutral-50 p-2 font-mono text-sm dark:border-neutral-700 dark:bg-neutral-900"
      />
      <div className="mt-2 flex items-center gap-3">
        <button
          type="button"
          onClick={copy}
          className="rounded-full border border-primary-700 px-4 py-1.5 font-medium hover:bg-primary-50 dark:hover:bg-neutral-900"
        >
          {t`Copy code`}
        </button>
        <span role="status" className="text-sm">
          {copied ? t`Copied` : ""}
        </span>
      </div>
    </>
  );
}
