import { Hono } from "hono";
import type { AppEnv } from "../context";

const routes = new Hono<AppEnv>();

export default routes;
