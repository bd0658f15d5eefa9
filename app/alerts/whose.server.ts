// Whose alerts a user sees (issue 36, item 3): Admins and Owners every alert; a Moderator those of
// the stations of their moderation list only — never the Manager's, which is not about a station.
import type { SignedInContext } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import { moderationListFor } from "~/venue-copies/moderation-copy.server";

/** The stations whose alerts the user sees; undefined: every alert. */
export async function stationsSeenBy(
  request: Request,
  context: SignedInContext,
): Promise<readonly string[] | undefined> {
  if (can(context.user, "alerts.edit")) return undefined;
  const channels = await moderationListFor(request, context);
  return [
    ...new Set(
      channels.sorted({ sort: "station", order: "asc", search: "" }).map((channel) => channel.stationSerialNumber),
    ),
  ];
}
