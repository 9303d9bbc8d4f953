import { createRequire } from "node:module";
import type { FastifyServerOptions } from "fastify";

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"]
>;
type ValidatorFactory = NonNullable<CompilersFactory["buildValidator"]>;
type SerializerFactory = NonNullable<CompilersFactory["buildSerializer"]>;

/** Fastify's own compiler packages, found where Fastify finds them. */
const requireFromFastify = createRequire(createRequire(import.meta.url).resolve("fastify"));

/** A factory that requires its package on its first call, then is the package's own. */
function requiredOnUse<F extends (...args: never[]) => unknown>(name: string): F {
  let factory: ((...args: Parameters<F>) => ReturnType<F>) | undefined;
  const onUse = (...args: Parameters<F>) => {
    factory ??= (requireFromFastify(name) as () => (...args: Parameters<F>) => ReturnType<F>)();
    return factory(...args);
  };
  return onUse as unknown as F;
}

/**
 * Fastify's default schema compilers (ajv for validation, fast-json-stringify for answers),
 * required when a route first needs one instead of when Fastify is made: given no factories,
 * Fastify requires both at construction, ~90 modules (ajv, ajv-formats, fast-uri) and 1.6 MB of
 * an idle server's heap (issue 35). The REST routes bring their own compilers (zod's), so on a
 * started server these load only if a route with a JSON schema of Fastify's kind is added. The
 * factories are Fastify's own, made once as Fastify makes them; Fastify then counts the
 * validator as a custom one, which only changes a headers schema (kept as written, not
 * lower-cased), and no route here validates headers with Fastify's compiler.
 */
export const onUseCompilers: CompilersFactory = {
  buildValidator: requiredOnUse<ValidatorFactory>("@fastify/ajv-compiler"),
  buildSerializer: requiredOnUse<SerializerFactory>("@fastify/fast-json-stringify-compiler"),
};
