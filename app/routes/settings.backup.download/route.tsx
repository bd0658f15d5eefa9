// GET /settings/backup/download?pins=1&network=1: the venue backup as one JSON file (issue 29,
// item 2; docs/decisions/063-venue-backup.md). The venue's settings and the first page of
// stations are read before the answer starts (a failing Manager gets the error page); the stations
// are then written out page by page as they arrive, so 1,000 stations never sit in memory twice.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { auditUserOf, recordEvent } from "~/audit/write-record.server";
import { backupHeader, backupStationOf, writableCustomizationOf, type BackupOptions } from "~/domain/venue-backup";
import { plainErrorPages } from "~/error-pages.server";
import { loadOrThrow } from "~/route-helpers/manager-failures.server";
import { forEachStationPage, venueSettings } from "~/venue-backup/venue-state.server";

function backupOptionsOf(search: URLSearchParams): BackupOptions {
  return { withPins: search.get("pins") === "1", withNetwork: search.get("network") === "1" };
}

export function loader({ request }: LoaderFunctionArgs) {
  return plainErrorPages(request, async () => {
    const { user, manager } = await requireUser(request, "settings.show");
    const options = backupOptionsOf(new URL(request.url).searchParams);
    const venue = await loadOrThrow(request, () => venueSettings(manager));
    const now = new Date();
    const header = backupHeader(
      options,
      { systemSettings: venue.systemSettings, appCustomization: writableCustomizationOf(venue.appCustomization) },
      now,
    );
    const encoder = new TextEncoder();
    const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
    const writer = writable.getWriter();
    // The header's own closing brace is replaced by the stations that follow it.
    const opening = `${JSON.stringify(header).slice(0, -1)},"stations":[`;
    void (async () => {
      try {
        await writer.write(encoder.encode(opening));
        let separator = "\n";
        await forEachStationPage(manager, async (stations) => {
          const chunk = stations.map((station) => JSON.stringify(backupStationOf(station, options))).join(",\n");
          if (!chunk) return;
          await writer.write(encoder.encode(separator + chunk));
          separator = ",\n";
        });
        await writer.write(encoder.encode("\n]}\n"));
        await writer.close();
      } catch (error) {
        // The download ends broken: the file is not valid JSON, and a restore refuses it.
        await writer.abort(error).catch(() => {});
      }
    })();
    // Who took the venue's settings out (and whether with PINs): a read, but one worth knowing of.
    await recordEvent({
      user: auditUserOf(user),
      action: "settings.downloadBackup",
      target: { kind: "settings" },
      changes: [
        { field: "pins", new: options.withPins },
        { field: "network", new: options.withNetwork },
      ],
      outcome: { kind: "done" },
    });
    const stamp = now.toISOString().slice(0, 10);
    return new Response(readable, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="venue-backup-${stamp}.json"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
