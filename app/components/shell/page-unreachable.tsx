import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { ErrorLayout, errorButton } from "./error-layout.tsx";

// Data that could not be fetched (offline) is not the server's fault: no "500", one retry.
export function PageUnreachable() {
  const { t } = useLingui();
  const revalidator = useRevalidator();
  const retried = useRef(false);
  useEffect(() => {
    if (retried.current) return;
    retried.current = true;
    void revalidator.revalidate();
  }, [revalidator]);
  const busy = revalidator.state === "loading";
  const title = t`The page could not be loaded`;
  return (
    <ErrorLayout
      title={title}
      heading={<h1 className="text-2xl font-semibold">{title}</h1>}
      description={t`Please check your internet connection and try again.`}
    >
      <button
        type="button"
        aria-disabled={busy}
        onClick={() => {
          if (!busy) void revalidator.revalidate();
        }}
        className={`${errorButton} aria-disabled:opacity-70`}
      >
        {t`Try again`}
      </button>
    </ErrorLayout>
  );
}
