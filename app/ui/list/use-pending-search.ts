import { useLocation, useNavigation } from "react-router";

/**
 * The query string a page is being navigated to, while it loads and stays on the same path (a
 * tab or filter link clicked on a list), else null. A form on that page submitted meanwhile must
 * go out with where the user is headed, not with the page still showing.
 */
export function usePendingSearch(): URLSearchParams | null {
  const navigation = useNavigation();
  const location = useLocation();
  const pending = navigation.location;
  if (navigation.state !== "loading" || !pending || pending.pathname !== location.pathname) {
    return null;
  }
  return new URLSearchParams(pending.search);
}
