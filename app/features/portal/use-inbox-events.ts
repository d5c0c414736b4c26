import { useEffect, useRef, useState } from "react";
import { href, useLocation, useRevalidator } from "react-router";

type Pulse = { unread: number; latestId: string | null };

/** The pages that show new messages, so load again when one arrives. */
const livePages = [href("/admin-portal/messages"), href("/admin-portal/dashboard")];

/**
 * The portal's live figures: the unread count from the server's event stream, and a fresh
 * load of the inbox or dashboard when a new message arrives while it is open.
 */
export function useInboxEvents(initialUnread: number) {
  const [unread, setUnread] = useState(initialUnread);
  const revalidator = useRevalidator();
  const location = useLocation();
  const latest = useRef<string | null | undefined>(undefined);
  const pathname = useRef(location.pathname);
  pathname.current = location.pathname;
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;

  useEffect(() => setUnread(initialUnread), [initialUnread]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(href("/admin-portal/events"));
    source.addEventListener("pulse", (event) => {
      const pulse = JSON.parse((event as MessageEvent<string>).data) as Pulse;
      setUnread(pulse.unread);
      const isNew = latest.current !== undefined && pulse.latestId !== latest.current;
      latest.current = pulse.latestId;
      if (isNew && livePages.some((page) => pathname.current.startsWith(page))) {
        void revalidate.current();
      }
    });
    return () => source.close();
  }, []);

  return unread;
}
