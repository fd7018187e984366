import type { Route } from "./+types/shop-actions";
import { shopAction } from "~/server/catalogue/shop-actions.server";
import { methodNotAllowed } from "~/server/web/endpoint.server";

/** The storefront's forms post here before (or without) JavaScript: docs/decisions/056. */
export const action = (args: Route.ActionArgs) => shopAction(args);

export const loader = methodNotAllowed;
