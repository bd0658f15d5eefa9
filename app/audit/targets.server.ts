// What a write is about, from its URL: the station or channel a screen's address names, or the
// part of the console a screen edits. A declaration adds what only its form knows (a token's id,
// a station named by a field on the list) with noteWrite.
import type { ActionFunctionArgs } from "@remix-run/node";
import type { AuditTarget } from "~/records/audit-log";

const screens: [RegExp, AuditTarget["kind"]][] = [
  [/^\/apiTokens(\.data)?$/, "token"],
  [/^\/settings(\/restore)?(\.data)?$/, "settings"],
  [/^\/appCustomization(\/image)?(\.data)?$/, "customization"],
  [/^\/listening\/events(\/[^/]+)?(\.data)?$/, "listeningEvent"],
];

export function auditTargetOf(request: Request, params: ActionFunctionArgs["params"]): AuditTarget {
  const index = Number(params.channelIndex ?? params.index);
  const serialNumber = params.serialNumber ?? params.stationSerialNumber;
  if (serialNumber && Number.isSafeInteger(index)) return { kind: "channel", serialNumber, channelIndex: index };
  if (serialNumber) return { kind: "station", serialNumber };
  if (params.eventId) return { kind: "listeningEvent", id: params.eventId };
  const { pathname } = new URL(request.url);
  return { kind: screens.find(([path]) => path.test(pathname))?.[1] ?? null };
}
