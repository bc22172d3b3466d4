import { Hono } from "hono";
import type { AppEnv } from "../context";
import { PUBLIC_FIVE_MINUTES } from "../lib/http-cache";
import { courierList } from "./registry";

// GET /api/v1/couriers: the courier registry. Public: the /upload info card shows it signed out too.
const routes = new Hono<AppEnv>().get("/couriers", (c) => c.json(courierList(), 200, { "Cache-Control": PUBLIC_FIVE_MINUTES }));

export default routes;
