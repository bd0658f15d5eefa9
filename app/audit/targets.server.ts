// What a write is about, from its URL: the station or channel a screen's address names, or the
// part of the console a screen edits, and what its action is called before its intent is known.
// A declaration adds what only its form knows (a token's id, a station named by a field on the
// list) with noteWrite. Only what has the shape of an id is taken from the URL: a record never
// carries a made-up value as a target's id or in an action's name.
import type { ActionFunctionArgs } from "@remix-run/node";
import { isBulkAction } from "~/domain/bulk-actions";
import type { AuditTarget } from "~/records/audit-log";
import { listeningEventIdOf } from "~/records/listening";
import { rolloutIdOf } from "~/records/rollouts";
import { selectionIdOf } from "~/route-helpers/station-selection.server";

const screens: [RegExp, AuditTarget["kind"]][] = [
  [/^\/apiTokens(\.data)?$/, "token"],
  [/^\/settings(\/restore)?(\.data)?$/, "settings"],
  [/^\/appCustomization(\/image)?(\.data)?$/, "customization"],
  [/^\/listening\/events(\/[^/]+)?(\.data)?$/, "listeningEvent"],
  [/^\/alerts(\.data)?$/, "alert"],
  [/^\/alerts\/rules(\.data)?$/, "alertRule"],
  [/^\/alerts\/destinations(\.data)?$/, "alertDestination"],
  [/^\/firmware\/rollouts(\/[^/]*)?(\.data)?$/, "rollout"],
  [/^\/stations\/bulk(\.data)?$/, "selection"],
  [/^\/logout(\.data)?$/, "session"],
];

export function auditTargetOf(request: Request, params: ActionFunctionArgs["params"]): AuditTarget {
  const index = Number(params.channelIndex ?? params.index);
  const serialNumber = params.serialNumber ?? params.stationSerialNumber;
  if (serialNumber && Number.isSafeInteger(index)) return { kind: "channel", serialNumber, channelIndex: index };
  if (serialNumber) return { kind: "station", serialNumber };
  const { pathname, searchParams } = new URL(request.url);
  const kind = screens.find(([path]) => path.test(pathname))?.[1] ?? null;
  // The chosen stations a bulk action was sent for; the rollout a rollout's page shows.
  const id =
    kind === "selection"
      ? selectionIdOf(searchParams.get("selection"))
      : kind === "rollout"
        ? rolloutIdOf(params.rolloutId)
        : kind === "listeningEvent"
          ? listeningEventIdOf(params.eventId)
          : null;
  return id ? { kind, id } : { kind };
}

export interface AuditAttempt {
  target: AuditTarget;
  /** What an action of this screen is called: `<group>.<intent>`. */
  group: string;
  /** Its name before the intent is read, or when it cannot be (`station.unknown`, or what the URL says). */
  action: string;
}

/** What a write to this URL is about and what it is called, as far as the URL tells. */
export function auditAttemptOf(request: Request, params: ActionFunctionArgs["params"]): AuditAttempt {
  const target = auditTargetOf(request, params);
  const { pathname, searchParams } = new URL(request.url);
  if (target.kind === "selection") {
    // The bulk confirmation's URL names its action (?action=remove).
    const action = searchParams.get("action");
    return { target, group: "bulk", action: `bulk.${isBulkAction(action) ? action : "unknown"}` };
  }
  if (target.kind === "session" && /^\/logout/.test(pathname))
    return { target, group: "session", action: "session.signOut" };
  // A channel's screen is the channel group even where its index is none (`/channels/first`): its
  // intents are the channel's, and a record is never named by a pairing no screen has.
  const onChannelScreen = params.channelIndex !== undefined || params.index !== undefined;
  const group = onChannelScreen ? "channel" : (target.kind ?? "console");
  return { target, group, action: `${group}.unknown` };
}
