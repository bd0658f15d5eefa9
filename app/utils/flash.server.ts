// Flash messages: set by an action, shown once by the next page render (a banner without
// JavaScript, a 6000 ms notification with it). Each is one atomic change of the session's
// "flash" key, so a page's parallel loaders can neither show it twice nor lose it.
import { changeSession, type FlashMessage } from "~/auth/session.server";

export async function setFlash(request: Request, flash: FlashMessage) {
  await changeSession(request, (data) => {
    data.flash = flash;
  });
}

export async function consumeFlash(request: Request): Promise<(FlashMessage & { id: string }) | null> {
  if (!request.headers.get("Cookie")?.includes("__session=")) return null;
  const flash = await changeSession(request, (data) => {
    const taken = data.flash;
    delete data.flash;
    return taken;
  });
  return flash ? { ...flash, id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` } : null;
}
