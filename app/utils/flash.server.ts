// Flash messages: set by an action, shown once by the next page render (a banner without
// JavaScript, a 6000 ms notification with it).
import { getSession, saveSession, type FlashMessage } from "~/auth/session.server";

export async function setFlash(request: Request, flash: FlashMessage) {
  const session = await getSession(request);
  session.flash("flash", flash);
  await saveSession(request, session);
}

export async function consumeFlash(request: Request): Promise<(FlashMessage & { id: string }) | null> {
  if (!request.headers.get("Cookie")?.includes("__session=")) return null;
  const session = await getSession(request);
  if (!session.has("flash")) return null;
  const flash = session.get("flash");
  await saveSession(request, session);
  return flash ? { ...flash, id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` } : null;
}
