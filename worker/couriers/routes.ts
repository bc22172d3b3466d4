import { Hono } from "hono";
import type { AppEnv } from "../context";
import { courierList } from "./registry";

// GET /api/v1/couriers: the courier registry. Public: the /upload info card shows it signed out too.
const routes = new Hono<AppEnv>().get("/couriers", (c) => c.json(courierList()));

export default routes;
