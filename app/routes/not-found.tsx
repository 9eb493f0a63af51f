import { useLingui } from "@lingui/react/macro";
import { data, useLocation } from "react-router";
import { ErrorPage } from "#app/components/shell/error-page.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  const { t } = useLingui();
  const path = useLocation().pathname;
  return <ErrorPage status={404} message={t`Page not found: ${path}`} />;
}
