// Flash messages: set by an action, shown once by the next page render (a banner without
// JavaScript, a 6000 ms notification with it). Each is one atomic change of the session's
// "flash" key, so a page's parallel loaders can neither show it twice nor lose it.
import { noteWrite } from "~/audit/write-record.server";
import { changeSession, type FlashMessage } from "~/auth/session.server";
import { isStoreUnavailable } from "~/store/unavailable.server";

export async function setFlash(request: Request, flash: FlashMessage) {
  // What the answer tells the user is what the audit record can tell of it (an error is no write done).
  noteWrite({ flash: { kind: flash.kind, message: flash.message } });
  try {
    await changeSession(request, (data) => {
      data.flash = flash;
    });
  } catch (thrown) {
    // The action is done; a message the store cannot keep must not make it look failed.
    if (!isStoreUnavailable(thrown)) throw thrown;
  }
}

export async function consumeFlash(request: Request): Promise<(FlashMessage & { id: string }) | null> {
  if (!request.headers.get("Cookie")?.includes("__session=")) return null;
  let flash: FlashMessage | undefined;
  try {
    flash = await changeSession(request, (data) => {
      const taken = data.flash;
      delete data.flash;
      return taken;
    });
  } catch (thrown) {
    // The page's own loader says the store is away, in the reader's language (the root's texts).
    if (isStoreUnavailable(thrown)) return null;
    throw thrown;
  }
  return flash ? { ...flash, id: `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}` } : null;
}
