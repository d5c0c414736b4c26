import { useLocation, useNavigation } from "react-router";
import { Spinner } from "./spinner";

/** While the next page loads (a client-side navigation), a spinner says so. */
export function NavigationSpinner() {
  const navigation = useNavigation();
  const location = useLocation();
  const leaving =
    navigation.state === "loading" && navigation.location.pathname !== location.pathname;
  if (!leaving) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-50 flex justify-center">
      <span className="rounded-full bg-white p-2 shadow-lg ring-1 ring-slate-200">
        <Spinner label="Loading page" />
      </span>
    </div>
  );
}
