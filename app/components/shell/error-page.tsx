import { useLingui } from "@lingui/react/macro";
import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { LocalizedLink } from "#app/components/ui/localized-link.tsx";
import { PageMeta } from "./page-meta.tsx";

const button =
  "mt-8 rounded-full bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800";

function ErrorLayout({
  title,
  heading,
  description,
  children,
}: {
  title: string;
  heading: React.ReactNode;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <PageMeta title={title} description={description} noindex />
      {heading}
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">{description}</p>
      {children}
    </div>
  );
}

export function ErrorPage({
  status,
  message,
  stack,
}: {
  status: number;
  message: string;
  stack?: string;
}) {
  const { t } = useLingui();
  const notFound = status === 404;
  const title = notFound ? t`Page Not Found` : t`Internal Server Error`;
  return (
    <ErrorLayout
      title={`${status} · ${title}`}
      heading={
        <>
          <p className="text-6xl font-bold text-primary-700 dark:text-primary-400">{status}</p>
          <h1 className="mt-4 max-w-full text-2xl font-semibold break-words">{message}</h1>
        </>
      }
      description={
        notFound
          ? t`The page you are looking for does not exist or has been moved.`
          : t`Something went wrong on our side. Please try again in a moment.`
      }
    >
      <LocalizedLink to="/" className={button}>
        {t`Back to the home page`}
      </LocalizedLink>
      {import.meta.env.DEV && stack ? (
        <pre className="mt-8 max-w-full overflow-auto rounded bg-neutral-100 p-4 text-left text-xs dark:bg-neutral-900">
          {stack}
        </pre>
      ) : null}
    </ErrorLayout>
  );
}

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
        className={`${button} aria-disabled:opacity-70`}
      >
        {t`Try again`}
      </button>
    </ErrorLayout>
  );
}
