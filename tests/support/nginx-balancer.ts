// nginx as a round-robin load balancer in front of several consoles, run as the current user
// from a temporary directory (its configuration, pid file and logs): for the multi-instance test.
// No sticky sessions; why nginx and these settings: docs/decisions/019-multi-instance.md.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { requireSystemProgram } from "./system-programs";

/** The response header naming the instance(s) nginx passed a request to, e.g. "127.0.0.1:3410". */
export const servedByHeader = "x-served-by";

export interface Balancer {
  url: string;
  /** nginx's error log so far: why it gave up on an instance. */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * A whole nginx configuration run as the current user from `directory` (pid file, error log and
 * temporary files there, no access log), around the given `http` block's own directives.
 */
export function nginxConfiguration(directory: string, options: { workerConnections: number; http: string }) {
  return `${process.getuid?.() === 0 ? "user root;\n" : ""}worker_processes 1;
error_log ${directory}/error.log warn;
pid ${directory}/nginx.pid;
events { worker_connections ${options.workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${directory}/body;
  proxy_temp_path ${directory}/proxy;
  fastcgi_temp_path ${directory}/fastcgi;
  uwsgi_temp_path ${directory}/uwsgi;
  scgi_temp_path ${directory}/scgi;
${options.http}}
`;
}

function configuration(directory: string, port: number, upstreams: string[]) {
  return nginxConfiguration(directory, {
    workerConnections: 512,
    http: `  client_max_body_size 20m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream consoles {
    # Round robin, no stickiness. max_fails=0: an instance that refused a connection is not
    # benched for fail_timeout; the next request simply tries it again (it may be back).
${upstreams.map((address) => `    server ${address} max_fails=0;`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://consoles;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header Upgrade $http_upgrade;
      # No keep-alive to the consoles: a new connection per request is refused, not reset, by an
      # instance that has stopped listening, and a refused connection moves on to the next one.
      proxy_set_header Connection $connection_upgrade;
      # The console's form posts are safe to send twice (decisions 017, 031), so a post whose
      # connection failed before an answer may go to the other instance too.
      proxy_next_upstream error timeout non_idempotent;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      add_header X-Served-By $upstream_addr always;
    }
  }
`,
  });
}

/** Starts nginx on 127.0.0.1:port in front of the given host:port addresses; resolves once it answers. */
export async function startBalancer(options: { port: number; upstreams: string[] }): Promise<Balancer> {
  const directory = mkdtempSync(join(tmpdir(), "console-balancer-"));
  const configFile = join(directory, "nginx.conf");
  writeFileSync(configFile, configuration(directory, options.port, options.upstreams));
  const child = spawn(requireSystemProgram("nginx"), ["-p", directory, "-c", configFile, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const errorLog = () => {
    try {
      return readFileSync(join(directory, "error.log"), "utf8");
    } catch {
      return "";
    }
  };
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(directory, { recursive: true, force: true });
  };
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) {
      const log = errorLog();
      await stop();
      throw new Error(`nginx exited with ${child.exitCode}: ${log}`);
    }
    try {
      // Any answer, even the consoles' 502 while none runs, means nginx listens.
      await (await fetch(`${url}/healthz`)).arrayBuffer();
      return { url, errorLog, stop };
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`nginx did not listen on ${url}: ${errorLog()}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
