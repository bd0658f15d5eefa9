// Ends every copy the console keeps from the Manager's hubs (the process stops: server.ts).
import { endAppViewCopies } from "./app-view-copy.server";
import { endModerationCopies } from "./moderation-copy.server";

export function endVenueCopies() {
  endAppViewCopies();
  endModerationCopies();
}
