import { Hono } from "hono";
import type { AppEnv } from "../context";

// Tracking refresh on demand for one label (the tracking issue builds it).
const routes = new Hono<AppEnv>();

export default routes;
