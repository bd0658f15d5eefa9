// An event is still to come, running or over; each state's badge colour on every screen.
import type { BadgeColor } from "~/components/ui/badge";

export type EventState = "scheduled" | "running" | "ended";

export const eventStateColor: Record<EventState, BadgeColor> = {
  scheduled: "gray",
  running: "green",
  ended: "brand",
};
