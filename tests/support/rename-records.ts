// Audit records of renames of MCS-0042 by Ada, one a second from 2025-06-01 10:00 UTC: what the
// spool and durable-write tests write, wait for and find again by their index.
import type { NewAuditRecord } from "~/records/audit-log";

export function renameRecord(index: number, overrides: Partial<NewAuditRecord> = {}): NewAuditRecord {
  return {
    time: new Date(Date.UTC(2025, 5, 1, 10, 0, index)).toISOString(),
    requestId: `request-${index}`,
    user: { id: "subject-ada", name: "Ada", role: "Admin" },
    action: "station.rename",
    target: { kind: "station", serialNumber: "MCS-0042" },
    changes: [{ field: "name", new: `Name ${index}` }],
    outcome: { kind: "done" },
    ...overrides,
  };
}
