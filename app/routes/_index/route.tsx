// "/" sends each user to the first page they may use (spec §2).
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/guard.server";
import { can } from "~/domain/permissions";

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await requireUser(request);
  if (can(user, "dashboard.show")) return redirect("/dashboard");
  if (can(user, "stations.show")) return redirect("/stations");
  return redirect("/appView");
}
