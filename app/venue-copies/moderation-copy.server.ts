// The console's copy of the Manager's moderation list, kept current from the moderation hub
// (decision 072; the pushes: ./moderation-index.ts, who lends and whom it serves:
// ./copies.server.ts). The moderation list page reads it while it is live; otherwise, and for a
// session that has just written, it reads the Manager as before.
import type { ModerationChannel } from "~/contract/moderation";
import { getModerationList } from "~/manager/moderation.server";
import { venueCopies } from "./copies.server";
import { ModerationIndex, moderationContents, moderationTargets } from "./moderation-index";

const moderationCopies = venueCopies<ModerationChannel[], ModerationIndex>({
  name: "moderation",
  hub: "moderationHub",
  targets: moderationTargets,
  read: getModerationList,
  viewOf: (channels) => ModerationIndex.of(channels),
  emptyView: () => new ModerationIndex(),
  contents: moderationContents,
});

/** The moderation list for a page: the live copy when it may serve the user, else read from the Manager. */
export const moderationListFor = moderationCopies.read;

export const endModerationCopies = moderationCopies.endAll;
