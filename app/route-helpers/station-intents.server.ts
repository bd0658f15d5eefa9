// The intents of a station's screens: the station is the one in the URL, and the flash messages
// name it by its serial number.
import type { PermissionAction } from "~/domain/permissions";
import type { IntentContext, IntentRoute } from "~/route-helpers/intents.server";

export interface StationIntentContext extends IntentContext {
  serialNumber: string;
  /** The flash message's values. */
  values: { serialNumber: string };
}

/** An intent on the station in the URL, allowed to whoever may `permission` (by default edit stations). */
export function stationIntent<Answer>(
  handler: (context: StationIntentContext) => Promise<Answer>,
  permission: PermissionAction = "stations.edit",
): IntentRoute<Answer> {
  return {
    permission,
    handler(context) {
      const serialNumber = context.params.serialNumber ?? "";
      return handler({ ...context, serialNumber, values: { serialNumber } });
    },
  };
}
