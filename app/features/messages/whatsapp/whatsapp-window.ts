import { HOUR_MS } from "~/features/reply-clock/reply-clock";

/** Meta's customer-service window: free text only this long after the person's last message. */
export const WINDOW_HOURS = 24;

/** When the window closes after a message the person sent at `lastInboundAt`. */
export const windowClosesAt = (lastInboundAt: Date) =>
  new Date(lastInboundAt.getTime() + WINDOW_HOURS * HOUR_MS);

/** 'Window open: 5 h 20 min left to answer freely', or that it is closed, as staff read it. */
export function windowText(closesAt: string | null, now: Date) {
  const left = closesAt ? new Date(closesAt).getTime() - now.getTime() : 0;
  if (left <= 0)
    return "The 24-hour window is closed: only an approved template can be sent until they write again.";
  const minutes = Math.max(1, Math.floor(left / 60_000));
  const hours = Math.floor(minutes / 60);
  const time = hours ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
  return `WhatsApp window open: ${time} left to answer with free text.`;
}

/** `{{1}}`-style parameters filled in order: the text the person receives. */
export const filledTemplate = (body: string, parameters: string[]) =>
  body.replace(/\{\{(\d+)\}\}/g, (whole, n: string) => parameters[Number(n) - 1] ?? whole);
