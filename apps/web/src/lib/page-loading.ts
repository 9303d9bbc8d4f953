import { lazyRouteComponent } from "@tanstack/react-router";
import type { ComponentType } from "react";
import type { layouts } from "../components/loading/PageLoading";

/**
 * A page's loading layout, through the one small module that knows where each is. The route
 * definitions, which every page loads (the public ones too, with their 110 KB budget), name it in
 * a few bytes: a code-split part of its own per route costs ~60 B gzip there.
 */
export const pageLoading = <Name extends keyof typeof layouts>(name: Name) =>
  lazyRouteComponent(
    () =>
      import("../components/loading/PageLoading").then(
        (module) => module.layouts[name]() as Promise<Record<Name, ComponentType>>,
      ),
    name,
  );
