import { Hono } from "hono";
import type { AppEnv } from "../context";
import { describe } from "../lib/openapi-meta";
import { PUBLIC_FIVE_MINUTES } from "../lib/http-cache";
import { courierList } from "./registry";

// GET /api/v1/couriers: the courier registry. Public: the /upload info card shows it signed out too.
const routes = new Hono<AppEnv>().get(
  "/couriers",
  describe({ summary: "The couriers Parcelhive reads and tracks, with the fields of a manual label (`required` and `optional`) and their types.", description: "No sign-in needed." }),
  (c) => c.json(courierList(), 200, { "Cache-Control": PUBLIC_FIVE_MINUTES }));

export default routes;
