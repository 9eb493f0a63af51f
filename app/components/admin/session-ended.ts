import { useLingui } from "@lingui/react/macro";
import { useRevalidator } from "react-router";

/**
 * What the owner is told when a request finds the session ended (logged out everywhere, or
 * after 8 hours), and the way out: reloading the page's data meets the guard, which leads to
 * the login page. `toast` goes into an error toast as it is.
 */
export function useSessionEnded() {
  const { t } = useLingui();
  const revalidator = useRevalidator();
  const message = t`Your session has expired. Please log in again.`;
  const logIn = { label: t`Log in again`, onSelect: () => void revalidator.revalidate() };
  return { message, logIn, toast: { description: message, action: logIn } };
}
