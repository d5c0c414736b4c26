import { useEffect, useRef, useState } from "react";
import { href, useLocation, useNavigation, useRevalidator } from "react-router";

type Pulse = { unread: number; latestId: string | null; latestAnswerId: string | null };

/** The pages that show new messages, so load again when one arrives. */
const livePages = [href("/admin-portal/messages"), href("/admin-portal/dashboard")];

/**
 * The portal's live figures: the unread count from the server's event stream, and a fresh
 * load of the inbox or dashboard when a new message arrives while it is open. A load already
 * under way is never restarted for it: its answer may carry the one-time toast of a change the
 * admin just made, which the server has cleared by then. The fresh load follows it instead.
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
  const loading = useNavigation().state !== "idle" || revalidator.state !== "idle";
  const [stale, setStale] = useState(false);

  useEffect(() => setUnread(initialUnread), [initialUnread]);

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(href("/admin-portal/events"));
    source.addEventListener("pulse", (event) => {
      const pulse = JSON.parse((event as MessageEvent<string>).data) as Pulse;
      setUnread(pulse.unread);
      // A new message, or a visitor's answer in a conversation.
      const newest = `${pulse.latestId}:${pulse.latestAnswerId}`;
      const isNew = latest.current !== undefined && newest !== latest.current;
      latest.current = newest;
      if (isNew && livePages.some((page) => pathname.current.startsWith(page))) {
        setStale(true);
      }
    });
    return () => source.close();
  }, []);

  useEffect(() => {
    if (!stale || loading) return;
    setStale(false);
    void revalidate.current();
  }, [stale, loading]);

  return unread;
}
