// Entry of the production server bundle: the Express app factory plus React Router's build.
import * as serverBuild from "virtual:react-router/server-build";

export { createShop } from "./app";
export { serverBuild };
