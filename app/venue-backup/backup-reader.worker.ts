// The worker thread that reads a backup file (backup-reader.server.ts starts it): parsing and
// checking up to 12 MB of JSON takes a CPU for a while and memory the size of the file several
// times over — here, on its own heap and thread, never on the event loop that answers every
// other request.
//
// The worker starts and reads the file at once; which stations to check comes in a message, once
// the caller knows (a restore preview reads the venue from the Manager meanwhile, which is about
// as long as a worker takes to start).
import { parentPort, workerData } from "node:worker_threads";
import { parseBackup, prepareBackup, readPreparedBackup, type ReadRequest } from "./read-backup";

const { bytes } = workerData as { bytes: Uint8Array };
const prepared = prepareBackup(parseBackup(bytes));
parentPort!.once("message", (request: ReadRequest) => {
  const result = readPreparedBackup(prepared, request);
  // The bytes go back as they came, moved rather than copied: the caller may keep them.
  parentPort!.postMessage({ result, bytes }, [bytes.buffer as ArrayBuffer]);
});
