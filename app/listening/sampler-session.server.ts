// Whom the listening sampler reads the Manager for. The Manager takes only a person's token (there
// is no service account, decision 062), so the sampler reads with the session of the Admin or Owner
// who signed in most recently and is still signed in: each such session offers itself once per
// process (the first request it makes), and the sampler takes the newest that still works, dropping
// ended ones. Nobody signed in: nothing can be read, and the history says so (a gap, "noSession").
// The offers are ephemeral state in the shared store: a session id is a credential, never a record.
import type { SessionUser } from "~/auth/user";
import { consoleJobHeader } from "~/contract/values";
import { can } from "~/domain/permissions";
import { observability } from "~/observability.server";
import { actingFor, type ActingSession, type ActingSessionLink } from "~/rollouts/acting-session.server";
import { getRuntime } from "~/runtime.server";

const offersKey = "listening-sampler:sessions";
/** Offers kept: the newest few are plenty to find one that still works. */
const mostOffers = 8;
export const samplerJob = "listening-sampler";

interface SessionOffer extends ActingSessionLink {
  /** When it was offered: the newest is tried first. */
  at: number;
}

const offeredHere = new Set<string>();

function parse(text: string): SessionOffer | null {
  try {
    const offer = JSON.parse(text) as SessionOffer;
    return typeof offer.sessionId === "string" && typeof offer.origin === "string" ? offer : null;
  } catch {
    return null;
  }
}

/** The session of a user who may see the history offers itself to the sampler (once per process). */
export async function offerSessionToSampler(request: Request, sessionId: string, user: SessionUser) {
  if (!can(user, "listening.show") || offeredHere.has(sessionId)) return;
  if (offeredHere.size > 10_000) offeredHere.clear();
  offeredHere.add(sessionId);
  const { store, config } = getRuntime();
  const offer: SessionOffer = { sessionId, origin: new URL(request.url).origin, at: Date.now() };
  const texts = await store.selections.members(offersKey);
  const older = texts
    .map((text) => ({ text, offer: parse(text) }))
    .filter(({ offer: existing }) => existing?.sessionId !== sessionId)
    .sort((a, b) => (b.offer?.at ?? 0) - (a.offer?.at ?? 0))
    .slice(mostOffers - 1)
    .map(({ text }) => text);
  const same = texts.filter((text) => parse(text)?.sessionId === sessionId);
  await store.selections.change(
    offersKey,
    { add: [JSON.stringify(offer)], remove: [...older, ...same] },
    config.sessionMaxAgeSeconds * 1000,
  );
}

/** Offers a session without waiting for the shared store (a request's answer does not wait on it). */
export function offerSessionInBackground(request: Request, sessionId: string, user: SessionUser) {
  offerSessionToSampler(request, sessionId, user).catch((error: unknown) => {
    offeredHere.delete(sessionId);
    observability().warn("Could not offer a session to the listening sampler", { error: String(error) });
  });
}

/** The newest offered session that still works, with a Manager client that names the sampler. */
export async function samplerSession(): Promise<ActingSession | null> {
  const { store, config } = getRuntime();
  const offers = (await store.selections.members(offersKey))
    .map((text) => ({ text, offer: parse(text) }))
    .sort((a, b) => (b.offer?.at ?? 0) - (a.offer?.at ?? 0));
  for (const { text, offer } of offers) {
    const acting = offer ? await actingFor(offer, { headers: { [consoleJobHeader]: samplerJob } }) : null;
    if (acting && can(acting.user, "listening.show")) return acting;
    await store.selections.change(offersKey, { remove: [text] }, config.sessionMaxAgeSeconds * 1000);
  }
  return null;
}
