import { z } from "zod";
import { openApiSchema } from "./json-schema";
import { restErrorBody } from "./plugin";
import type { RestRoute } from "@ledgerline/api/platform/rest/route";

function parameters(schema: z.ZodType | undefined, location: "path" | "query") {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, property]) => {
    const described = openApiSchema(property, "input");
    return {
      name,
      in: location,
      required: location === "path" || !property.safeParse(undefined).success,
      description: typeof described.description === "string" ? described.description : undefined,
      schema: described,
    };
  });
}

const errorResponse = (description: string) => ({
  description,
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
});

/** What a route may answer: its 200, the refusals its access and input allow, and its own. */
function responsesOf(route: RestRoute, idempotent: boolean) {
  const responses: Record<string, unknown> = {
    200: {
      description: "Success",
      content: {
        [route.mediaType ?? "application/json"]: {
          schema: openApiSchema(route.response, "output"),
        },
      },
    },
    400: errorResponse("Bad input; the message says what was wrong"),
    429: errorResponse("Too many requests"),
  };
  if (route.access !== "public") responses[401] = errorResponse("Not signed in");
  if (route.access !== "public") {
    responses[403] = errorResponse(
      route.access === "admin"
        ? "Signed in, but not an admin, or with an API key (keys never have admin rights)"
        : "With an API key whose scope does not allow this operation; the message says why",
    );
  }
  if (route.params) responses[404] = errorResponse("No such object");
  for (const [status, description] of Object.entries(route.refusals ?? {})) {
    responses[status] = errorResponse(description);
  }
  if (idempotent) {
    responses[409] ??= errorResponse(
      "A request with the same Idempotency-Key is still in progress (after waiting up to 10 s for it), or the request conflicts with the current state",
    );
    responses[422] = errorResponse("The Idempotency-Key was already used with a different request");
  }
  return responses;
}

/** The OpenAPI 3.0 description of the REST paths, generated from the same zod schemas the procedures use. */
export function openApiDocument(routes: RestRoute[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = `/api${route.url.replace(/:(\w+)/g, "{$1}")}`;
    const idempotent = route.method !== "GET" && route.access !== "public";
    const responses = responsesOf(route, idempotent);

    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = {
      operationId: route.operationId,
      tags: [route.tag],
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      security: route.access === "public" ? [] : [{ bearer: [] }],
      parameters: [
        ...parameters(route.params, "path"),
        ...parameters(route.query, "query"),
        ...(idempotent ? [{ $ref: "#/components/parameters/IdempotencyKey" }] : []),
      ],
      ...(route.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: openApiSchema(route.body, "input") } },
            },
          }
        : {}),
      responses,
    };
  }
  return {
    openapi: "3.0.3",
    info: {
      title: "Ledgerline REST API",
      version,
      // Proprietary, so no SPDX identifier: the URL names the terms the API is used under (relative
      // to the server, like `servers` below, so it points at the instance serving the document).
      license: { name: "Proprietary: used under the Ledgerline Terms of Service", url: "/terms" },
      description:
        "The documented REST paths of Ledgerline. Each is a thin door onto the same procedure the web app calls over tRPC at /api/trpc. Sign in with POST /api/auth/login and send the token as `Authorization: Bearer <token>`, or send a personal API key (created in account settings or with POST /api/api-keys) the same way: a `read` key may make every GET, a `trade` key also trades and changes watchlists.",
    },
    servers: [{ url: "/" }],
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer" } },
      schemas: { Error: openApiSchema(restErrorBody, "output") },
      parameters: {
        IdempotencyKey: {
          name: "Idempotency-Key",
          in: "header",
          required: false,
          description:
            'Makes a retried write happen once (IETF httpapi draft semantics). The first request with a key runs; the same key with the same request within 24 hours answers the stored answer with its original status (and the header `Idempotent-Replayed: true`) and changes nothing; the same key with a different request is a 422; while the first is still running, a repeat waits up to 10 s for its answer, then is a 409. Keys belong to the signed-in user: 1 to 255 visible ASCII characters, sent as a structured-header string (`"8e03978e-40d5-43e8-bc93-6894a57f9324"`) or bare. Faults (5xx) and transient refusals (401, 408, 409, 429) are not stored, so a retry runs again; a trade whose first attempt committed is never made twice.',
          schema: { type: "string", minLength: 1, maxLength: 255 },
        },
      },
    },
    paths,
  };
}
