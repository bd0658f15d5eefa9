// The backup reader's worker (app/venue-backup/backup-reader.server.ts) parses the file as soon as
// it starts; which stations to read may come later (a restore preview reads the venue from the
// Manager meanwhile). A later request reads as one given at once; a request that fails is the
// read's failure and frees the worker's slot.
import { describe, expect, it } from "vitest";
import { defaultFleet } from "../../simulator/seed/default-fleet";
import { seededRandom } from "../../simulator/fleet/ids";
import { backupHeader, backupStationOf } from "~/domain/venue-backup";
import { readBackupDocument } from "~/venue-backup/backup-reader.server";
import { readBackupFile, type ReadRequest } from "~/venue-backup/read-backup";

const stations = defaultFleet(seededRandom(7), new Date("2026-01-01T00:00:00Z")).stations.map(
  (record) => record.station,
);
const options = { withPins: false, withNetwork: false };
const backup = {
  ...backupHeader(
    options,
    {
      systemSettings: { dnsDiscoverySettings: { useDnsDiscovery: true, managerIpAddress: "" } },
      appCustomization: null,
    },
    new Date("2026-11-26T06:00:00Z"),
  ),
  stations: stations.map((station) => backupStationOf(station, options)),
};
const fileBytes = () => new TextEncoder().encode(JSON.stringify(backup));
const request: ReadRequest = {
  wanted: stations.slice(0, 3).map((station) => station.serialNumber),
  missingPage: { skip: 0, take: 5 },
};

describe("the backup reader's worker", () => {
  it("reads a request that comes after the worker started as one read in the same thread at once", async () => {
    let give!: (value: ReadRequest) => void;
    const later = new Promise<ReadRequest>((resolve) => (give = resolve));
    const reading = readBackupDocument(fileBytes(), later);
    give(request);
    const { result, bytes } = await reading;
    expect(result).toEqual(readBackupFile(fileBytes(), request));
    expect(result.ok && result.stations.map((station) => station.serialNumber)).toEqual(request.wanted);
    // The bytes come back whole, for a caller that keeps the file.
    expect(bytes).toEqual(fileBytes());
  });

  it("fails with the request's failure, and frees its slot for the next reads", async () => {
    const failures = Array.from({ length: 3 }, () =>
      readBackupDocument(fileBytes(), Promise.reject(new Error("the Manager did not answer"))),
    );
    for (const failure of failures) await expect(failure).rejects.toThrow("the Manager did not answer");
    // Two slots per process: had the failed reads kept theirs, this one would wait for ever.
    const { result } = await readBackupDocument(fileBytes(), request);
    expect(result.ok).toBe(true);
  });

  it("a request that fails while the read waits for its slot is that read's failure, not the process's", async () => {
    const unhandled: unknown[] = [];
    const note = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", note);
    try {
      // Both slots held by reads whose venue is still being read.
      const gates = Array.from({ length: 2 }, () => {
        let give!: (value: ReadRequest) => void;
        const later = new Promise<ReadRequest>((resolve) => (give = resolve));
        return { give, reading: readBackupDocument(fileBytes(), later) };
      });
      let fail!: (error: Error) => void;
      const failing = new Promise<ReadRequest>((_, reject) => (fail = reject));
      const waiting = expect(readBackupDocument(fileBytes(), failing)).rejects.toThrow("the Manager did not answer");
      fail(new Error("the Manager did not answer"));
      // A turn of the event loop: Node reports a rejection nobody handles by then.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      for (const gate of gates) gate.give(request);
      for (const gate of gates) expect((await gate.reading).result.ok).toBe(true);
      await waiting;
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", note);
    }
  });
});
