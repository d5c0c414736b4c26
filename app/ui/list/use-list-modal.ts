import { useNavigate } from "react-router";

/**
 * What every modal a list page opens over itself is given: the list's URL to go back to (a link,
 * without JavaScript) and a close that goes there in place (no history entry, same scroll).
 */
export function useListModal(listHref: string) {
  const navigate = useNavigate();
  return {
    closeHref: listHref,
    onClose: () => navigate(listHref, { replace: true, preventScrollReset: true }),
  };
}
