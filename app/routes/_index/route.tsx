// "/" sends each user to the first page they may use (spec §2), or shows why it cannot.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";
import { RouteErrorBoundary } from "~/components/ErrorPage";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  if (can(user, "dashboard.show")) return redirect("/dashboard");
  if (can(user, "stations.show")) return redirect("/stations");
  return redirect("/appView");
}

/** Never rendered (the loader always redirects); a page route, so an error shows as a page. */
export default function Home() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary standalone />;
}
