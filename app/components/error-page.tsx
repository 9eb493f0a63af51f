import { useLingui } from "@lingui/react/macro";
import { LocalizedLink } from "./localized-link";
import { PageMeta } from "./page-meta";

/** 404 is "Page Not Found"; every other status keeps "Internal Server Error" with its own code. */
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
  const description = notFound
    ? t`The page you are looking for does not exist or has been moved.`
    : t`Something went wrong on our side. Please try again in a moment.`;
  return (
    <div className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-24 text-center">
      <PageMeta title={`${status} · ${title}`} description={description} noindex />
      <p className="text-6xl font-bold text-primary-700 dark:text-primary-400">{status}</p>
      <h1 className="mt-4 max-w-full text-2xl font-semibold break-words">{message}</h1>
      <p className="mt-3 text-neutral-700 dark:text-neutral-300">{description}</p>
      <LocalizedLink
        to="/"
        className="mt-8 rounded-full bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800"
      >
        {t`Back to the home page`}
      </LocalizedLink>
      {stack ? (
        <pre className="mt-8 max-w-full overflow-auto rounded bg-neutral-100 p-4 text-left text-xs dark:bg-neutral-900">
          {stack}
        </pre>
      ) : null}
    </div>
  );
}
