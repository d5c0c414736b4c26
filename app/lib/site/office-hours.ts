import { LAGOS_TIME_ZONE } from "../format/dates";
import { officeSchedule } from "./site-config";

const lagosClock = new Intl.DateTimeFormat("en-US", {
  timeZone: LAGOS_TIME_ZONE,
  weekday: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

const shortWeekDays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

const minutesOf = (clock: string) => {
  const [hours = "0", minutes = "0"] = clock.split(":");
  return Number(hours) * 60 + Number(minutes);
};

/** Whether the office is open at this instant, by its hours in Lagos (site-config.ts). */
export function isOfficeOpen(at: Date): boolean {
  const parts = Object.fromEntries(
    lagosClock.formatToParts(at).map((part) => [part.type, part.value]),
  );
  const hours = officeSchedule[shortWeekDays.indexOf(parts.weekday ?? "")];
  if (!hours) return false;
  const now = minutesOf(`${parts.hour}:${parts.minute}`);
  return now >= minutesOf(hours.opens) && now < minutesOf(hours.closes);
}
