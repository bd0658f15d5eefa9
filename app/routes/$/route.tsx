// Any other path: the 404 page, whose action goes to the stations list. No sign-in needed.
import { RouteErrorBoundary } from "~/components/ErrorPage";
import { errorPage } from "~/error-pages.server";
import { pageTitle } from "~/utils/meta";

export const meta = pageTitle("pageNotFound");

export async function loader() {
  throw errorPage("notFound");
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <RouteErrorBoundary standalone />;
}
