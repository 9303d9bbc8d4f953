import type { z } from "zod";
import type { createCaller } from "../trpc/router";

export type Caller = ReturnType<typeof createCaller>;

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, unknown>;
  body: unknown;
}

/**
 * One documented REST path: a thin door onto a tRPC procedure. The schemas describe the path
 * for the OpenAPI document; the procedure itself validates the input.
 */
export interface RestRoute {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Relative to /api, in Fastify's form (`/users/:id`). */
  url: string;
  tag: string;
  summary: string;
  access: "public" | "user" | "admin";
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  call(caller: Caller, request: RestRequest): Promise<unknown>;
}

export const defineRoutes = (routes: RestRoute[]) => routes;
