// Which change actions each hub message may carry (operations.md §4 "Push updates"): stations
// Add/Update/Remove, channels only Update, firmware Add/Update, system events Add/Update. The
// console applies a push by revalidating the pages that show the item (DESIGN.md §9); a push
// whose action breaks this contract is a contract error, reported and not applied.
import type { ChangeAction } from "~/contract/enums";

const allowedActions: Record<string, readonly ChangeAction[]> = {
  StationChanged: ["Add", "Update", "Remove"],
  ChannelChanged: ["Update"],
  StatisticsChanged: ["Update"],
  ModerationChannelChanged: ["Add", "Update", "Remove"],
  SystemEventChanged: ["Add", "Update"],
  FirmwareChanged: ["Add", "Update"],
  UpdateMetadataChanged: ["Update"],
};

/** Whether a push of this target may carry this action; targets without an action pass. */
export function isExpectedChange(target: string, action: unknown): boolean {
  const allowed = allowedActions[target];
  if (!allowed) return true;
  return typeof action === "string" && (allowed as readonly string[]).includes(action);
}
