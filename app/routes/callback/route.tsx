// The identity provider may be registered with /callback: hand its answer to /login as is.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

export async function loader({ request }: LoaderFunctionArgs) {
  return redirect(`/login${new URL(request.url).search}`);
}
