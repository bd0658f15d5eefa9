// Remembers each table's last query (spec: "the query parameters of each page are
// remembered") in a cookie, so a bare /stations returns to the last sort, page and search —
// with or without JavaScript.
import { createCookie, redirect } from "@remix-run/node";
import { parseTableState, tableParams, type TableOptions, type TableState } from "~/utils/table-state";

const tableStateCookie = createCookie("tableState", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

type Remembered = Record<string, string>;

async function remembered(request: Request): Promise<Remembered> {
  const value = await tableStateCookie.parse(request.headers.get("Cookie"));
  return value && typeof value === "object" ? (value as Remembered) : {};
}

function tableQuery(search: URLSearchParams) {
  const query = new URLSearchParams();
  for (const param of tableParams) {
    const value = search.get(param);
    if (value) query.set(param, value);
  }
  return query.toString();
}

/**
 * The table's state from the URL. A URL without table parameters is sent to the remembered
 * query (a redirect, so the URL always shows the state); otherwise the query is remembered.
 */
export async function readTableState<K extends string>(
  request: Request,
  options: TableOptions<K>,
): Promise<{ state: TableState<K>; headers: Headers }> {
  const url = new URL(request.url);
  const all = await remembered(request);
  const query = tableQuery(url.searchParams);
  const headers = new Headers();

  if (!query) {
    const previous = all[options.table];
    if (previous && request.method === "GET") {
      // Single fetch asks for /stations.data; the redirect names the page itself.
      const pagePath = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
      const target = new URLSearchParams(url.search);
      target.delete("_routes");
      for (const [key, value] of new URLSearchParams(previous)) target.set(key, value);
      throw redirect(`${pagePath}?${target}`);
    }
  } else if (all[options.table] !== query) {
    headers.append("Set-Cookie", await tableStateCookie.serialize({ ...all, [options.table]: query }));
  }
  return { state: parseTableState(url.searchParams, options), headers };
}
