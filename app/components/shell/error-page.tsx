import { useLingui } from "@lingui/react/macro";
import { LocalizedLink } from "#app/components/ui/localized-link.tsx";
import { ErrorLayout, errorButton } from "./error-layout.tsx";

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
      <LocalizedLink to="/" className={errorButton}>
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
