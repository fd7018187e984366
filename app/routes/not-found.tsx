import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { NotFound } from "~/components/layout/not-found";
import { pageMeta } from "~/seo";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => [...pageMeta(args, "notFound"), { name: "robots", content: "noindex" }];

export default function NotFoundPage() {
  return <NotFound />;
}
