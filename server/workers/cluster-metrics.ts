// /metrics with worker processes: any worker answers the sum of all of them. prom-client's
// AggregatorRegistry does the gathering, but only in the primary (it asks every worker over the
// cluster's IPC channel for its registry as JSON and adds them up); a worker that receives the
// scrape therefore asks the primary for the aggregate and waits for its answer.
import cluster from "node:cluster";
import { randomUUID } from "node:crypto";
import { AggregatorRegistry, type Registry } from "prom-client";
import type { MetricsSource } from "../observability/metrics";

const askType = "station-console:cluster-metrics?";
const answerType = "station-console:cluster-metrics";
/** prom-client gives up on a worker that does not answer after 5 s; this waits a little longer. */
const answerTimeoutMs = 6000;

interface Ask {
  type: typeof askType;
  id: string;
}
interface Answer {
  type: typeof answerType;
  id: string;
  text?: string;
  error?: string;
}

const isAsk = (message: unknown): message is Ask => (message as Ask | null)?.type === askType;
const isAnswer = (message: unknown): message is Answer => (message as Answer | null)?.type === answerType;

/** In the primary: gathers the workers' metrics for whichever worker asks. */
export function answerMetricsRequests() {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: unknown) => {
    if (!isAsk(message)) return;
    const reply = (answer: Omit<Answer, "type" | "id">) => {
      if (worker.isConnected()) worker.send({ type: answerType, id: message.id, ...answer });
    };
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: Error) => reply({ error: error.message }),
    );
  });
}

/**
 * In a worker: this worker's registry is what it hands the primary when asked, and what it
 * serves at /metrics is the aggregate the primary gathers.
 */
export function clusterMetricsSource(registry: Registry): MetricsSource {
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one installs prom-client's listener that answers the primary's requests.
  new AggregatorRegistry();
  const waiting = new Map<string, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on("message", (message: unknown) => {
    if (!isAnswer(message)) return;
    const request = waiting.get(message.id);
    if (!request) return;
    waiting.delete(message.id);
    if (message.text !== undefined) request.resolve(message.text);
    else request.reject(new Error(`The primary could not gather the workers' metrics: ${message.error}`));
  });
  return {
    contentType: registry.contentType,
    metrics: () =>
      new Promise<string>((resolve, reject) => {
        const id = randomUUID();
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(new Error("The primary did not answer with the workers' metrics in time"));
        }, answerTimeoutMs);
        waiting.set(id, {
          resolve: (text) => (clearTimeout(timer), resolve(text)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
        process.send!({ type: askType, id } satisfies Ask);
      }),
  };
}
