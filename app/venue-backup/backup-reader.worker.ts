// The worker thread that reads a backup file (backup-reader.server.ts starts it): parsing and
// checking up to 12 MB of JSON takes a CPU for a while and memory the size of the file several
// times over — here, on its own heap and thread, never on the event loop that answers every
// other request.
import { parentPort, workerData } from "node:worker_threads";
import { readBackupFile, type ReadRequest } from "./read-backup";

const { bytes, request } = workerData as { bytes: Uint8Array; request: ReadRequest };
const result = readBackupFile(bytes, request);
// The bytes go back as they came, moved rather than copied: the caller may keep them.
parentPort!.postMessage({ result, bytes }, [bytes.buffer as ArrayBuffer]);
