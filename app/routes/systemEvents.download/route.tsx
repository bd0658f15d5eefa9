// GET /systemEvents/download: the Manager's system event file, streamed through with its own
// type and file name. A failure goes back to the dashboard with the generic message (spec §8:
// download failures are only reported).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { downloadResponse } from "~/route-helpers/download.server";
import { plainErrorPages } from "~/error-pages.server";
import { actionFailure } from "~/route-helpers/manager-failures.server";
import { isManagerError } from "~/manager/http.server";
import { downloadSystemEvents } from "~/manager/system-events.server";
import { setFlash } from "~/utils/flash.server";

export function loader({ request }: LoaderFunctionArgs) {
  return plainErrorPages(request, async () => {
    const { manager } = await requireUser(request, "dashboard.show");
    try {
      return await downloadResponse(await downloadSystemEvents(manager));
    } catch (error) {
      if (!isManagerError(error)) throw error;
      await setFlash(request, { kind: "error", message: (await actionFailure(error, request)).messageKey });
      return redirect("/dashboard");
    }
  });
}
