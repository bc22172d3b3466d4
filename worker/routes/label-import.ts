import { Hono } from "hono";
import type { AppEnv } from "../context";

// POST /api/v1/label: multipart file upload -> labels (the import pipeline, worker/labels/).
const routes = new Hono<AppEnv>();

export default routes;
