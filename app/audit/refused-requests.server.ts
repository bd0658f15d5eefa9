// Requests the console's security layer refuses before any route runs (server/security.ts,
// server/body-limits.ts): sent from another site (403), not a form (415), without a declared
// length (411), too large (413), or not understood (400). One that carries a valid session is
// recorded with its user (issue 33): an attempt made with someone's session is what an admin
// must be able to find. The body is never read — it was refused — so the action is what the URL
// says (`station.unknown`, `bulk.remove`, `session.signOut`) and the target is the URL's.
import { getSignedInUser } from "~/auth/guard.server";
import { auditAttemptOf } from "~/audit/targets.server";
import { auditUserOf, recordEvent } from "~/audit/write-record.server";

export type SecurityRefusal =
  "crossOrigin" | "formsOnly" | "noUploads" | "lengthRequired" | "tooLarge" | "tooManyFields" | "badRequest";

export interface RefusedRequest {
  reason: SecurityRefusal;
  /** The params of the route the URL names, as Remix would match them. */
  params: Record<string, string | undefined>;
}

/** Records a refused write for its user; a request without a valid session is nobody's and is not recorded. */
export async function recordRefusedRequest(request: Request, refused: RefusedRequest): Promise<void> {
  const user = await getSignedInUser(request);
  if (!user) return;
  const { action, target } = auditAttemptOf(request, refused.params);
  await recordEvent({ user: auditUserOf(user), action, target, outcome: { kind: "refused", reason: refused.reason } });
}
