// Why a station in a given connection state cannot be changed, named after that state: an
// Update-required or Unknown station is online, so "not running" would be untrue there.
import type { ComputedState } from "~/contract/enums";

export type ConnectionBlockedReason =
  "notConnected" | "unauthorized" | "updateRequired" | "unknownType" | "unsupported";

export function connectionBlockedReason(state: ComputedState): ConnectionBlockedReason | null {
  switch (state) {
    case "Connected":
      return null;
    case "Unauthorized":
      return "unauthorized";
    case "UpdateRequired":
      return "updateRequired";
    case "Unknown":
      return "unknownType";
    case "Unsupported":
      return "unsupported";
    default:
      return "notConnected";
  }
}
