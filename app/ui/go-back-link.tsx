import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClasses } from "./button";

/**
 * 'Go Back': a link to `fallback`, which is where it leads without JavaScript or when the page
 * was the first one opened (a shared link); with JavaScript and an earlier page of this site
 * in the history, it goes back to that page.
 */
/**
 * Whether the page before this one in the history is one of ours: a page React Router moved
 * from (it numbers its entries from 0 at each document load), or the document's referrer.
 */
function cameFromThisSite() {
  if ((window.history.state?.idx ?? 0) > 0) return true;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

export function GoBackLink({
  fallback,
  variant = "outline",
}: {
  fallback: string;
  variant?: "primary" | "outline";
}) {
  const navigate = useNavigate();
  const goBack = (event: MouseEvent<HTMLAnchorElement>) => {
    if (cameFromThisSite()) {
      event.preventDefault();
      navigate(-1);
    }
  };
  return (
    <Link to={fallback} onClick={goBack} className={buttonClasses(variant)}>
      Go Back
    </Link>
  );
}
