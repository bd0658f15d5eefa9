// GET /listening/events/:eventId/report.csv: the event's report as CSV — the event, every channel
// and station that had listeners, and every station that dropped out (app/listening/report-csv.ts).
// Admins and Owners, like the report itself.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { serialiseCsv } from "~/domain/csv";
import { plainErrorPages } from "~/error-pages.server";
import { i18next } from "~/i18n/i18next.server";
import { eventAndReport } from "~/listening/event-report.server";
import { reportCsvRows } from "~/listening/report-csv";

/** A file name from the title: letters, digits and dashes only, never a path or a quote. */
function fileNameOf(title: string, id: string) {
  const base = title
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `listeners-${base || "event"}-${id}.csv`.replace(/[^\x20-\x7e]/g, "");
}

export function loader({ request, params }: LoaderFunctionArgs) {
  return plainErrorPages(request, async () => {
    await requireUser(request, "listening.show");
    const locale = await i18next.getLocale(request);
    const { event, loaded } = await eventAndReport(params.eventId ?? "", locale);
    // A byte order mark: spreadsheets then read the file as UTF-8.
    const body = `\uFEFF${serialiseCsv(reportCsvRows(event, loaded.range, loaded.report))}`;
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${fileNameOf(event.title, event.id)}"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
