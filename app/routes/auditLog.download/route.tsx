// GET /auditLog/download?<the screen's filter>: the filtered records as CSV, newest first. Streamed
// from the store in batches, never built in memory, whatever the log's length; every cell is
// formula-safe (app/domain/csv.ts). The columns are stable names for tools, not translated texts;
// times are ISO 8601 with the console's offset (docs/decisions/059-audit-log-screen.md).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { csvLine } from "~/domain/csv";
import { calendarDayAt, consoleTimeZone, dayText, isoWithOffset } from "~/domain/time-zone";
import { auditCsvColumns, recordCells } from "./csv-cells";
import { plainErrorPages } from "~/error-pages.server";
import type { AuditRecord } from "~/records/audit-log";
import { auditLog, withinBound } from "~/routes/_app.auditLog/audit-records.server";
import { parseAuditFilter } from "~/routes/_app.auditLog/filter";

export function loader({ request }: LoaderFunctionArgs) {
  return plainErrorPages(request, async () => {
    await requireUser(request, "auditLog.show");
    const log = auditLog();
    const actions = await withinBound(log.distinctActions());
    const timeZone = consoleTimeZone();
    const { filter } = parseAuditFilter(new URL(request.url).searchParams, actions, timeZone);
    const records = log.stream(filter)[Symbol.asyncIterator]();
    // The first batch before the answer starts: a store that fails now gets the error page.
    let pending: IteratorResult<AuditRecord> | null = await withinBound(records.next());
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // A byte order mark: spreadsheets then read the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(auditCsvColumns)}`));
      },
      // About 32 KB a chunk: one write per record would cost more than the records.
      async pull(controller) {
        try {
          let chunk = "";
          while (chunk.length < 32_768) {
            const next = pending ?? (await records.next());
            pending = null;
            if (next.done) {
              if (chunk) controller.enqueue(encoder.encode(chunk));
              controller.close();
              return;
            }
            // The time in ISO 8601 with the console's offset then: the same moment, as the screen shows it.
            const record = next.value;
            chunk += csvLine(recordCells({ ...record, time: isoWithOffset(record.time, timeZone) }));
          }
          controller.enqueue(encoder.encode(chunk));
        } catch (error) {
          controller.error(error);
        }
      },
      async cancel() {
        await records.return?.();
      },
    });
    const day = dayText(calendarDayAt(new Date(), timeZone));
    return new Response(body, {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="audit-log-${day}.csv"`,
        "Cache-Control": "no-store",
      },
    });
  });
}
